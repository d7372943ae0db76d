import type { Generated, GeneratedAlways } from 'kysely';

/**
 * Analytics rollups (migration 0015), kept by triggers on conversations and chat_turns and by
 * analytics_flush() for new turns (migration 0021); the server only reads them. Days are UTC dates; quarters are UTC quarter hours.
 */

export interface AnalyticsQuartersTable {
  bot_id: string;
  quarter: Date;
  conversations: Generated<number>;
  resolved: Generated<number>;
  messages: Generated<number>;
  unanswered: Generated<number>;
  thumbs_up: Generated<number>;
  thumbs_down: Generated<number>;
}

export interface AnalyticsDayOriginsTable {
  bot_id: string;
  day: Date;
  channel: string;
  /** '' when unknown. */
  country: string;
  conversations: number;
}

export interface AnalyticsDayLatencyTable {
  bot_id: string;
  day: Date;
  /** analytics_latency_bin(latency_ms): about 2 % wide. */
  bin: number;
  turns: number;
  /** bigint, read as a number (db/client.ts). */
  total_ms: number;
}

export interface AnalyticsDayQuestionsTable {
  bot_id: string;
  day: Date;
  question_hash: string;
  question: string;
  asked: number;
  /** md5 of the wording (lower(btrim(question))): what the top questions group by. */
  wording_hash: GeneratedAlways<string>;
}

export interface AnalyticsDaySourcesTable {
  bot_id: string;
  day: Date;
  source_hash: string;
  title: string;
  url: string | null;
  cited: number;
}

export interface AnalyticsOpenGapsTable {
  bot_id: string;
  question_hash: string;
  question: string;
  asked: number;
  unanswered: number;
  thumbs_down: number;
  first_asked: Date;
  last_asked: Date;
}

/** Turns stored but not yet counted into the rollups (migration 0021, analytics_flush()). */
export interface AnalyticsTurnQueueTable {
  turn_id: number;
}

export interface AnalyticsTables {
  analytics_quarters: AnalyticsQuartersTable;
  analytics_day_origins: AnalyticsDayOriginsTable;
  analytics_day_latency: AnalyticsDayLatencyTable;
  analytics_day_questions: AnalyticsDayQuestionsTable;
  analytics_day_sources: AnalyticsDaySourcesTable;
  analytics_open_gaps: AnalyticsOpenGapsTable;
  analytics_turn_queue: AnalyticsTurnQueueTable;
}
