import { type Kysely, sql } from 'kysely';
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
}

export interface ConversationRow {
  id: string;
  bot_id: string;
  channel: ConversationChannel;
  user_id: string | null;
  session_id: string;
  title: string;
  created_at: Date;
}

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
    .select(['id', 'user_id', 'name', 'agent_name', 'business_name', 'base_prompt'])
    .where('id', '=', botId)
    .executeTakeFirst();
}

export function findConversation(db: Kysely<DB>, id: string): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .select(['id', 'bot_id', 'channel', 'user_id', 'session_id', 'title', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The last `limit` turns, oldest first. */
export async function recentTurns(
  db: Kysely<DB>,
  conversationId: string,
  limit: number,
): Promise<PastTurn[]> {
  const rows = await db
    .selectFrom('chat_turns')
    .select(['question', 'answer', 'sources'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({
    question: r.question,
    answer: r.answer,
    sourceChunks: (r.sources ?? []).map((s) => Number(s.chunk_id)).filter(Number.isSafeInteger),
  }));
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
 * Stores a finished turn in one transaction: the conversation row on its first turn, the turn,
 * the conversation's counters, and the bot's "first message" quick-start flag.
 */
export async function saveTurn(db: Kysely<DB>, t: NewTurn): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('conversations')
      .values({
        id: t.conversationId,
        bot_id: t.botId,
        channel: t.channel,
        user_id: t.userId,
        session_id: t.sessionId,
        title: t.title,
        country: t.country,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const inserted = await trx
      .insertInto('chat_turns')
      .values({
        conversation_id: t.conversationId,
        bot_id: t.botId,
        question: t.question,
        answer: t.answer,
        sources: JSON.stringify(t.sources),
        engine: t.engine,
        turn_key: t.key,
        answered: t.answered,
        latency_ms: t.latencyMs,
      })
      .onConflict((oc) => oc.column('turn_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return; // an earlier attempt stored it
    await trx
      .updateTable('conversations')
      .set({
        turn_count: sql`turn_count + 1`,
        answered_count: sql`answered_count + ${t.answered ? 1 : 0}`,
        unanswered_count: sql`unanswered_count + ${t.answered ? 0 : 1}`,
        updated_at: sql`now()`,
      })
      .where('id', '=', t.conversationId)
      .execute();
    if (t.channel === 'dashboard') {
      await trx
        .updateTable('bots')
        .set({ first_message: true })
        .where('id', '=', t.botId)
        .where('first_message', '=', false)
        .execute();
    }
  });
}
