import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.ts';

export type ConversationChannel = 'dashboard' | 'widget';

/** A source as stored with a turn (snake_case, like the API). */
export interface StoredSource {
  title: string;
  url: string | null;
  chunk_id: string;
  section?: string | null;
  link?: string | null;
}

export interface ConversationsTable {
  id: string;
  bot_id: string;
  channel: ConversationChannel;
  user_id: string | null;
  session_id: Generated<string>;
  title: Generated<string>;
  turn_count: Generated<number>;
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
  /** Chosen before the first write attempt, so a retried save stores the turn once. */
  turn_key: string | null;
  created_at: Timestamp;
}

export interface ChatTables {
  conversations: ConversationsTable;
  chat_turns: ChatTurnsTable;
}
