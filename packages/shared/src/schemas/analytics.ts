import { z } from 'zod';
import { ANALYTICS_MESSAGES } from '../core/analytics.ts';
import { CHAT_CHANNELS, type ChatChannel, VOTES } from '../core/chat.ts';
import type { FeedbackRating } from './chat.ts';

/** A calendar day as the owner's browser sees it. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ANALYTICS_MESSAGES.badDate })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
    error: ANALYTICS_MESSAGES.badDate,
  });

/** An IANA zone name the runtime knows ("Europe/Amsterdam", "UTC"). */
const timeZone = z
  .string()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: ANALYTICS_MESSAGES.badTimeZone },
  );

/** Absent or '' means every bot of the account. */
const optionalBot = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * A range of local days, both ends included: `from`..`to` in `tz`. Without them, the last
 * 30 days up to today in `tz` (UTC when absent).
 */
export const rangeQuery = z.object({
  bot_id: optionalBot,
  from: day.optional(),
  to: day.optional(),
  tz: timeZone.default('UTC'),
});
export type RangeQuery = z.input<typeof rangeQuery>;

/** GET /api/analytics/summary */
export const analyticsSummaryQuery = rangeQuery;

export interface DayCount {
  /** YYYY-MM-DD in the requested time zone. */
  date: string;
  conversations: number;
  messages: number;
  unanswered: number;
}

export interface AnalyticsSummary {
  from: string;
  to: string;
  tz: string;
  conversations: number;
  /** Questions asked (one per answered or unanswered turn). */
  messages: number;
  /** Turns where nothing relevant was found. */
  unanswered: number;
  thumbs_up: number;
  thumbs_down: number;
  /** Conversations with an answered turn and no unanswered turn and no thumbs-down. */
  resolutions: number;
  /** Milliseconds from question to stored answer; null without turns. */
  latency_ms: { median: number | null; p95: number | null };
  per_day: DayCount[];
  channels: { channel: ChatChannel; conversations: number }[];
  countries: { country: string; conversations: number }[];
  top_questions: { question: string; count: number }[];
  top_sources: { title: string; url: string | null; count: number }[];
  /** Trained documents no answer in the range cited (at most 50). */
  uncited_sources: { title: string; url: string | null }[];
}

/** GET /api/analytics/gaps */
export const gapsQuery = z.object({ bot_id: optionalBot });

export interface KnowledgeGap {
  /** Stable while the group's questions stay the same. */
  gap_id: string;
  bot_id: string;
  /** The group's most asked wording. */
  question: string;
  count: number;
  last_asked: string;
  unanswered: number;
  thumbs_down: number;
  /** Other wordings grouped with it. */
  variants: string[];
}

const gapRef = {
  bot_id: z.string().trim().min(1, { error: ANALYTICS_MESSAGES.botRequired }),
  gap_id: z.string().trim().min(1).max(64),
};

/** POST /api/analytics/gaps/dismiss */
export const gapDismissBody = z.object(gapRef);
export type GapDismissBody = z.input<typeof gapDismissBody>;

/** POST /api/analytics/gaps/answer: trains the pair through the Q&A path, resolves the group. */
export const gapAnswerBody = z.object({
  ...gapRef,
  question: z.string().trim().min(1, { error: ANALYTICS_MESSAGES.questionRequired }).max(2000),
  answer: z.string().trim().min(1, { error: ANALYTICS_MESSAGES.answerRequired }).max(20000),
});
export type GapAnswerBody = z.input<typeof gapAnswerBody>;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** GET /api/inbox/conversations (and its CSV export). */
export const inboxQuery = rangeQuery.extend({
  channel: z.enum(CHAT_CHANNELS).optional(),
  feedback: z.enum(VOTES).optional(),
  unanswered: flag,
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type InboxQuery = z.input<typeof inboxQuery>;

export interface InboxConversation {
  conversation_id: string;
  bot_id: string;
  bot_name: string;
  channel: ChatChannel;
  country: string | null;
  title: string;
  turn_count: number;
  unanswered: number;
  thumbs_up: number;
  thumbs_down: number;
  resolved: boolean;
  created_at: string;
  updated_at: string;
}

export interface InboxPage {
  items: InboxConversation[];
  /** How many conversations match; a search counts up to a cap (see `total_capped`). */
  total: number;
  /** More than `total` match: a search stopped counting (show "1,000+"). */
  total_capped: boolean;
  page: number;
  page_size: number;
}

export interface InboxTurn {
  turn_id: string;
  question: string;
  answer: string;
  sources: { title: string; url: string | null; chunk_id: string }[];
  answered: boolean;
  feedback: FeedbackRating;
  engine: string;
  latency_ms: number | null;
  created_at: string;
}

/** GET /api/inbox/conversations/{id} */
export interface InboxDetail {
  conversation: InboxConversation;
  turns: InboxTurn[];
}

export const inboxDetailParams = z.object({ id: z.string() });
