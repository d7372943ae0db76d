import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { RESOLVED } from '../analytics/summary.repo.ts';

export interface ChatCounts {
  /** Questions answered (one per stored turn), preview and widget together. */
  messages: number;
  conversations: number;
  /** Conversations resolved (analytics/summary.repo.ts RESOLVED; RESOLUTION_DEFINITION). */
  resolutions: number;
}

/** Message and conversation counts for the dashboard's bot cards; bots without chats get 0. */
export async function chatCountsByBot(
  db: Kysely<DB>,
  botIds: readonly string[],
): Promise<Map<string, ChatCounts>> {
  const counts = new Map<string, ChatCounts>(
    botIds.map((id) => [id, { messages: 0, conversations: 0, resolutions: 0 }]),
  );
  if (botIds.length === 0) return counts;
  const rows = await db
    .selectFrom('conversations')
    .select((eb) => [
      'bot_id',
      eb.fn.countAll<string>().as('conversations'),
      eb.fn.sum<string>('turn_count').as('messages'),
      sql<string>`count(*) FILTER (WHERE ${RESOLVED})`.as('resolutions'),
    ])
    .where('bot_id', 'in', botIds)
    .groupBy('bot_id')
    .execute();
  for (const r of rows) {
    counts.set(r.bot_id, {
      messages: Number(r.messages ?? 0),
      conversations: Number(r.conversations),
      resolutions: Number(r.resolutions),
    });
  }
  return counts;
}
