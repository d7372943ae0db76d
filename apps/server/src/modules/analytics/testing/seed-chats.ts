import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { ConversationChannel, StoredSource } from '../../../db/tables/chat.ts';
import { saveTurn } from '../../chat/conversations.repo.ts';
import { setTurnFeedback } from '../../chat/feedback.repo.ts';

export interface SeedTurn {
  botId: string;
  /** Continues this conversation; a new one otherwise. */
  conversationId?: string;
  channel?: ConversationChannel;
  country?: string | null;
  question: string;
  answer?: string;
  answered?: boolean;
  feedback?: 1 | -1;
  sources?: StoredSource[];
  latencyMs?: number;
  /** When it was asked (the conversation starts at its first turn). */
  at: string;
}

/**
 * Stores a turn through the chat path's own repository (saveTurn, setTurnFeedback), then
 * moves it to `at`; returns the conversation and turn ids.
 */
export async function seedTurn(
  db: Kysely<DB>,
  s: SeedTurn,
): Promise<{ conversationId: string; turnId: string }> {
  const conversationId = s.conversationId ?? randomUUID();
  const key = randomUUID();
  await saveTurn(db, {
    key,
    conversationId,
    botId: s.botId,
    channel: s.channel ?? 'widget',
    userId: null,
    sessionId: 'seed-visitor',
    title: s.question,
    question: s.question,
    answer: s.answer ?? (s.answered === false ? "Sorry, I don't know." : 'An answer.'),
    sources: s.sources ?? [],
    engine: 'extractive',
    answered: s.answered ?? true,
    latencyMs: s.latencyMs ?? 100,
    country: s.country ?? null,
  });
  const at = new Date(s.at);
  const turn = await db
    .updateTable('chat_turns')
    .set({ created_at: at })
    .where('turn_key', '=', key)
    .returning(['id', 'conversation_id'])
    .executeTakeFirstOrThrow();
  if (!s.conversationId) {
    await db
      .updateTable('conversations')
      .set({ created_at: at })
      .where('id', '=', conversationId)
      .execute();
  }
  if (s.feedback) await setTurnFeedback(db, turn, s.feedback);
  return { conversationId, turnId: key };
}
