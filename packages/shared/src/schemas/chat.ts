import { z } from 'zod';

/** Longest question a chat accepts (characters, after trimming). */
export const CHAT_QUESTION_MAX = 2000;

/** Chat messages the spec does not fix; the API and the web app share them. */
export const CHAT_MESSAGES = {
  emptyQuestion: 'Please enter a question',
  questionTooLong: `Your question is too long. Please keep it under ${CHAT_QUESTION_MAX.toLocaleString('en-US')} characters.`,
  botRequired: 'Please select a chatbot',
  chatFailed: 'Something went wrong while answering. Please try again.',
  rateLimited: 'You are sending messages too quickly. Please wait a minute and try again.',
  answered: 'Answer generated',
  conversationsLoaded: 'Conversations fetched',
  conversationLoaded: 'Conversation fetched',
} as const;

/** `null`, absent and '' all mean "no conversation yet". */
const optionalId = z
  .string()
  .nullish()
  .transform((v) => {
    const t = (v ?? '').trim();
    return t === '' ? undefined : t;
  });

const botId = z
  .string({ error: CHAT_MESSAGES.botRequired })
  .trim()
  .min(1, { error: CHAT_MESSAGES.botRequired });

/**
 * POST ai/chat and ai/chat/stream. `chat_memory` is accepted for compatibility but ignored:
 * history always comes from the server's own store.
 */
export const chatBody = z.object({
  bot_id: botId,
  chat_memory: z.unknown().optional(),
  question: z
    .string({ error: CHAT_MESSAGES.emptyQuestion })
    .nullish()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v !== '', { error: CHAT_MESSAGES.emptyQuestion })
    .refine((v) => v.length <= CHAT_QUESTION_MAX, { error: CHAT_MESSAGES.questionTooLong }),
  conversation_id: optionalId,
  session_id: optionalId,
});
export type ChatBody = z.input<typeof chatBody>;

/** POST /ai/conversations: the bot's conversations, or one conversation's turns. */
export const conversationsBody = z.object({
  bot_id: botId,
  session_id: optionalId,
  conversation_id: optionalId,
});
export type ConversationsBody = z.input<typeof conversationsBody>;

/** Where an answer came from: a page URL, or null for text, Q&A and files without one. */
export interface ChatSource {
  title: string;
  url: string | null;
  chunk_id: string;
}

export interface ChatResponse {
  answer: string;
  conversation_id: string;
  sources: ChatSource[];
}

export interface ConversationListItem {
  conversation_id: string;
  title: string;
  created_at: string;
}

export interface ChatTurn {
  question: string;
  answer: string;
  sources: ChatSource[];
  created_at: string;
}

/**
 * `response` of /ai/conversations: without conversation_id the bot's conversations, newest
 * first; with it that conversation's turns, oldest first.
 */
export type ConversationsResponse = ConversationListItem[] | ChatTurn[];

/**
 * Server-sent events of ai/chat/stream, in order: one `meta`, any number of `token`, one
 * `sources`, then `done`; or `error` at any point, after which the stream ends.
 */
export type ChatStreamEvent =
  | { event: 'meta'; data: { conversation_id: string } }
  | { event: 'token'; data: { text: string } }
  | { event: 'sources'; data: { sources: ChatSource[] } }
  | { event: 'done'; data: { answer: string; conversation_id: string } }
  | { event: 'error'; data: { message: string } };
