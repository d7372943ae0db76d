/** Messages of the analytics, knowledge-gap and inbox API. */
export const ANALYTICS_MESSAGES = {
  summaryLoaded: 'Analytics fetched',
  gapsLoaded: 'Knowledge gaps fetched',
  gapDismissed: 'Knowledge gap dismissed',
  gapAnswered: 'Answer added; the bot is learning it now',
  gapNotFound: 'This knowledge gap is no longer open',
  inboxLoaded: 'Conversations fetched',
  conversationLoaded: 'Conversation fetched',
  conversationNotFound: 'Conversation not found',
  badDate: 'Dates must be written YYYY-MM-DD',
  badTimeZone: 'Unknown time zone',
  badRange: 'The range must start before it ends and span at most 366 days',
  botRequired: 'Please select a chatbot',
  questionRequired: 'Please enter the question',
  answerRequired: 'Please enter the answer',
} as const;

/**
 * What counts as a resolution, shown on the bot cards and in the analytics help text: the
 * product's own definition (the spec hard-coded 0).
 */
export const RESOLUTION_DEFINITION =
  'A resolution is a conversation in which the bot answered at least one question from your content, found an answer to every question, and received no thumbs-down.';
