/** Longest question a chat accepts (characters, after trimming). */
export const CHAT_QUESTION_MAX = 2000;

/** Chat messages the spec does not fix; the API and the web app share them. */
export const CHAT_MESSAGES = {
  emptyQuestion: 'Please enter a question',
  questionTooLong: `Your question is too long. Please keep it under ${CHAT_QUESTION_MAX.toLocaleString('en-US')} characters.`,
  botRequired: 'Please select a chatbot',
  /** Shown for an empty answer (a spec string, also in MESSAGES). */
  emptyAnswer: "Sorry, I couldn't understand that.",
  chatFailed: 'Something went wrong while answering. Please try again.',
  rateLimited: 'You are sending messages too quickly. Please wait a minute and try again.',
  answered: 'Answer generated',
  conversationsLoaded: 'Conversations fetched',
  conversationLoaded: 'Conversation fetched',
  feedbackSaved: 'Feedback saved',
  answerRequired: 'Please choose an answer to rate',
} as const;

/**
 * What a cited source shows of its section: the last heading of its path ("Returns" of
 * "Guide › Returns"), or null when the source has no headings.
 */
export function sourceSection(section: string | null | undefined): string | null {
  const last = section?.split(' › ').at(-1)?.trim();
  return last ? last : null;
}
