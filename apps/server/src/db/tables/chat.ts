import type { ChatChannel } from '@docent/shared';
import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.ts';

/** Where the conversation happened (the shared contract's list). */
export type ConversationChannel = ChatChannel;

/** A knowledge gap the owner closed: answered through Add answer, or dismissed. */
export type GapState = 'resolved' | 'dismissed';

/** A source as stored with a turn (snake_case, like the API). */
export interface StoredSource {
  title: string;
  url: string | null;
  chunk_id: string;
  section?: string | null;
  link?: string | null;
  page?: number | null;
  time_seconds?: number | null;
}

export interface ConversationsTable {
  id: string;
  bot_id: string;
  channel: ConversationChannel;
  user_id: string | null;
  session_id: Generated<string>;
  title: Generated<string>;
  turn_count: Generated<number>;
  /** ISO 3166-1 alpha-2 of the visitor's address; null when unknown. */
  country: string | null;
  answered_count: Generated<number>;
  unanswered_count: Generated<number>;
  thumbs_up: Generated<number>;
  thumbs_down: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatTurnsTable {
  /** bigserial, read as a number (db/client.ts). */
  id: Generated<number>;
  conversation_id: string;
  bot_id: string;
  question: string;
  answer: string;
  sources: Json<StoredSource[]>;
  engine: Generated<string>;
  /**
   * Chosen before the first write attempt, so a retried save stores the turn once; also the
   * turn's public id (feedback names it).
   */
  turn_key: string;
  /** False when nothing relevant was found and the bot said so. */
  answered: Generated<boolean>;
  latency_ms: number | null;
  /** 1 thumbs up, -1 thumbs down, null no vote. */
  feedback: number | null;
  gap_state: GapState | null;
  created_at: Timestamp;
}

export interface ChatTables {
  conversations: ConversationsTable;
  chat_turns: ChatTurnsTable;
}
