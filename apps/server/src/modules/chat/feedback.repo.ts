import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface RatedTurn {
  id: number;
  conversation_id: string;
}

/** A turn of this bot by its public id (the turn key). */
export function findTurnByKey(
  db: Kysely<DB>,
  botId: string,
  turnKey: string,
): Promise<RatedTurn | undefined> {
  return db
    .selectFrom('chat_turns')
    .select(['id', 'conversation_id'])
    .where('bot_id', '=', botId)
    .where('turn_key', '=', turnKey)
    .executeTakeFirst();
}

/**
 * Replaces the turn's vote (one per answer; null takes it back) and moves the conversation's
 * thumbs counters by the difference, in one transaction so concurrent votes stay counted right.
 */
export async function setTurnFeedback(
  db: Kysely<DB>,
  turn: RatedTurn,
  value: 1 | -1 | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('chat_turns')
      .select('feedback')
      .where('id', '=', turn.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (before.feedback === value) return;
    await trx
      .updateTable('chat_turns')
      .set({ feedback: value })
      .where('id', '=', turn.id)
      .execute();
    const up = (value === 1 ? 1 : 0) - (before.feedback === 1 ? 1 : 0);
    const down = (value === -1 ? 1 : 0) - (before.feedback === -1 ? 1 : 0);
    await trx
      .updateTable('conversations')
      .set({ thumbs_up: sql`thumbs_up + ${up}`, thumbs_down: sql`thumbs_down + ${down}` })
      .where('id', '=', turn.conversation_id)
      .execute();
  });
}
