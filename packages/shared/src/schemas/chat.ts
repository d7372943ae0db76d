import { z } from 'zod';
import { CHAT_MESSAGES, CHAT_QUESTION_MAX, VOTES, type Vote } from '../core/chat.ts';

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

/** A vote on one answer: thumbs up, thumbs down, or none (taken back). */
export type FeedbackRating = Vote | null;

export const turnIdField = z
  .string({ error: CHAT_MESSAGES.answerRequired })
  .trim()
  .min(1, { error: CHAT_MESSAGES.answerRequired });
export const ratingField = z.enum(VOTES).nullable();

/** POST ai/feedback: the owner's vote on an answer of their own preview chat. */
export const feedbackBody = z.object({
  bot_id: botId,
  turn_id: turnIdField,
  rating: ratingField,
});
export type FeedbackBody = z.input<typeof feedbackBody>;

/** Where an answer came from: a page URL, or null for text, Q&A and files without one. */
export interface ChatSource {
  title: string;
  url: string | null;
  chunk_id: string;
  /** The part of the source the answer came from: the heading path of its section. */
  section?: string | null;
  /** Opens the source at that part (the page URL with the section heading's #anchor). */
  link?: string | null;
  /** A PDF's page (1-based) where the passage starts. */
  page?: number | null;
  /** A video's time (seconds from its start) where the passage starts. */
  time_seconds?: number | null;
}

export interface ChatResponse {
  answer: string;
  conversation_id: string;
  /** The answer's id, for feedback. */
  turn_id: string;
  sources: ChatSource[];
}

export interface ConversationListItem {
  conversation_id: string;
  title: string;
  created_at: string;
}

export interface ChatTurn {
  turn_id: string;
  feedback: FeedbackRating;
  question: string;
  answer: string;
  sources: ChatSource[];
  created_at: string;
}
