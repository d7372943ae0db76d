import { type Kysely, sql } from 'kysely';
import { KEEP_PREPARED } from '../../db/prepared-statements.ts';
import type { DB } from '../../db/schema.ts';
import type { ConversationChannel, StoredSource } from '../../db/tables/chat.ts';
import type { PastTurn } from '../../rag/answer/types.ts';

export interface ChatBotRow {
  id: string;
  user_id: string;
  name: string;
  agent_name: string;
  business_name: string;
  base_prompt: string;
  /**
   * The bot's index generation when read with the bot (search.repo's indexGeneration; null:
   * never indexed): retrieval then need not read it again.
   */
  index_generation?: number | null;
}

/** The bot's columns chat reads (ChatBotRow), for every query that reads a bot for chat. */
export const CHAT_BOT_COLUMNS = [
  'id',
  'user_id',
  'name',
  'agent_name',
  'business_name',
  'base_prompt',
] as const;

export interface ConversationRow {
  id: string;
  bot_id: string;
  channel: ConversationChannel;
  user_id: string | null;
  session_id: string;
  title: string;
  created_at: Date;
}

const CONVERSATION_COLUMNS = [
  'id',
  'bot_id',
  'channel',
  'user_id',
  'session_id',
  'title',
  'created_at',
] as const;

export interface TurnRow {
  turn_key: string;
  feedback: number | null;
  question: string;
  answer: string;
  sources: StoredSource[];
  created_at: Date;
}

export function findChatBot(db: Kysely<DB>, botId: string): Promise<ChatBotRow | undefined> {
  return db
    .selectFrom('bots')
    .modifyFront(sql.raw(KEEP_PREPARED))
    .select(CHAT_BOT_COLUMNS)
    .where('id', '=', botId)
    .executeTakeFirst();
}

export function findConversation(db: Kysely<DB>, id: string): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .select(CONVERSATION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A conversation with its last turns, oldest first. */
export type ConversationWithHistory = ConversationRow & { history: PastTurn[] };

interface HistoryRow {
  question: string;
  answer: string;
  sources: StoredSource[] | null;
}

/**
 * The conversation and its last `limit` turns in one query: every follow-up question reads
 * both before it is answered.
 */
export async function findConversationWithHistory(
  db: Kysely<DB>,
  id: string,
  limit: number,
): Promise<ConversationWithHistory | undefined> {
  const row = await db
    .selectFrom('conversations')
    .modifyFront(sql.raw(KEEP_PREPARED))
    .select(CONVERSATION_COLUMNS)
    .select(
      sql<HistoryRow[]>`coalesce((
        SELECT json_agg(json_build_object('question', h.question, 'answer', h.answer,
          'sources', h.sources) ORDER BY h.id)
        FROM (SELECT t.id, t.question, t.answer, t.sources FROM chat_turns t
              WHERE t.conversation_id = conversations.id ORDER BY t.id DESC LIMIT ${limit}) h),
        '[]')`.as('recent'),
    )
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { recent, ...conversation } = row;
  return {
    ...conversation,
    history: recent.map((r) => ({
      question: r.question,
      answer: r.answer,
      sourceChunks: (r.sources ?? []).map((s) => Number(s.chunk_id)).filter(Number.isSafeInteger),
      sourcePlaces: (r.sources ?? []).map((s) => ({ title: s.title, section: s.section ?? null })),
    })),
  };
}

export function listTurns(db: Kysely<DB>, conversationId: string): Promise<TurnRow[]> {
  return db
    .selectFrom('chat_turns')
    .select(['turn_key', 'feedback', 'question', 'answer', 'sources', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'asc')
    .execute();
}

export interface ConversationFilter {
  botId: string;
  /** A visitor's list holds its widget and full-page conversations alike. */
  channels: readonly ConversationChannel[];
  userId?: string;
  sessionId?: string;
  limit: number;
}

/** Newest first. */
export function listConversations(
  db: Kysely<DB>,
  f: ConversationFilter,
): Promise<Pick<ConversationRow, 'id' | 'title' | 'created_at'>[]> {
  let q = db
    .selectFrom('conversations')
    .select(['id', 'title', 'created_at'])
    .where('bot_id', '=', f.botId)
    .where('channel', 'in', f.channels);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.sessionId !== undefined) q = q.where('session_id', '=', f.sessionId);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}

export interface NewTurn {
  /** Same key on every attempt to save this turn: a repeated save stores nothing more. */
  key: string;
  conversationId: string;
  botId: string;
  channel: ConversationChannel;
  userId: string | null;
  sessionId: string;
  /** Used when this turn opens the conversation. */
  title: string;
  question: string;
  answer: string;
  sources: StoredSource[];
  engine: string;
  /** False when nothing relevant was found. */
  answered: boolean;
  latencyMs: number;
  /** The visitor's country, kept from the conversation's first turn. */
  country: string | null;
}

/**
 * Stores a finished turn in one statement (a widget turn is the hottest write): the turn, then
 * the conversation, created by its first turn or its counters advanced, and on the dashboard
 * the bot's "first message" quick-start flag. Both follow from the turn's row, so a repeated
 * save (same key) changes nothing. The turn is inserted before its conversation in the same
 * statement: foreign keys are checked at the statement's end.
 */
export async function saveTurn(db: Kysely<DB>, t: NewTurn): Promise<void> {
  const answered = t.answered ? 1 : 0;
  await sql`${sql.raw(KEEP_PREPARED)}
    WITH turn AS (
      INSERT INTO chat_turns (conversation_id, bot_id, question, answer, sources, engine,
        turn_key, answered, latency_ms)
      VALUES (${t.conversationId}::uuid, ${t.botId}::uuid, ${t.question}, ${t.answer},
        ${JSON.stringify(t.sources)}::jsonb, ${t.engine}, ${t.key}::uuid, ${t.answered},
        ${t.latencyMs})
      ON CONFLICT (turn_key) DO NOTHING
      RETURNING id),
    conversation AS (
      INSERT INTO conversations AS c (id, bot_id, channel, user_id, session_id, title, country,
        turn_count, answered_count, unanswered_count)
      SELECT ${t.conversationId}::uuid, ${t.botId}::uuid, ${t.channel}, ${t.userId}::uuid,
        ${t.sessionId}, ${t.title}, ${t.country}, 1, ${answered}::int, ${1 - answered}::int
      FROM turn
      ON CONFLICT (id) DO UPDATE SET
        turn_count = c.turn_count + 1,
        answered_count = c.answered_count + EXCLUDED.answered_count,
        unanswered_count = c.unanswered_count + EXCLUDED.unanswered_count,
        updated_at = now()
      RETURNING id)
    UPDATE bots SET first_message = true
    WHERE id = ${t.botId}::uuid AND NOT first_message AND ${t.channel} = 'dashboard'
      AND EXISTS (SELECT 1 FROM conversation)`.execute(db);
}
