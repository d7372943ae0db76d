/**
 * Where a conversation happens: 'dashboard' the owner's preview, 'widget' a visitor on a site,
 * 'page' the hosted full-page chat.
 */
export const CHAT_CHANNELS = ['dashboard', 'widget', 'page'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

/** A thumbs up or a thumbs down on one answer. */
export const VOTES = ['up', 'down'] as const;
export type Vote = (typeof VOTES)[number];

/** Longest question a chat accepts (characters, after trimming). */
export const CHAT_QUESTION_MAX = 2000;

function tooLong(max: number): string {
  return `Your question is too long. Please keep it under ${max.toLocaleString('en-US')} characters.`;
}

/** Shown for an empty answer (a spec string, also in MESSAGES). */
export const EMPTY_ANSWER = "Sorry, I couldn't understand that.";
export const CHAT_FAILED = 'Something went wrong while answering. Please try again.';

/**
 * Chat messages the spec does not fix; the API and the web app share them. The widget imports
 * only the two constants above: the pure mark lets its bundler drop the rest.
 */
export const CHAT_MESSAGES = {
  emptyQuestion: 'Please enter a question',
  questionTooLong: /* @__PURE__ */ tooLong(CHAT_QUESTION_MAX),
  botRequired: 'Please select a chatbot',
  emptyAnswer: EMPTY_ANSWER,
  chatFailed: CHAT_FAILED,
  rateLimited: 'You are sending messages too quickly. Please wait a minute and try again.',
  answered: 'Answer generated',
  conversationsLoaded: 'Conversations fetched',
  conversationLoaded: 'Conversation fetched',
  feedbackSaved: 'Feedback saved',
  answerRequired: 'Please choose an answer to rate',
} as const;

/** Where in a source an answer came from: its section's heading path, PDF page, video time. */
export interface SourcePlace {
  section?: string | null;
  page?: number | null;
  time_seconds?: number | null;
}

/** "75" seconds → "1:15", "3725" → "1:02:05". */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/**
 * What a cited source shows of where the answer is: the last heading of its section path
 * ("Returns" of "Guide › Returns"), the PDF page ("page 12") or the video time ("at 1:15"),
 * joined by " · "; null when the source says none of these.
 */
export function sourceSection(place: SourcePlace): string | null {
  const parts = [
    place.section?.split(' › ').at(-1)?.trim(),
    place.page ? `page ${place.page}` : null,
    typeof place.time_seconds === 'number' ? `at ${clockTime(place.time_seconds)}` : null,
  ].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' · ') : null;
}
