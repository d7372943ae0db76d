import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Characters committed to the account's fullest chatbot (failed sources do not count). */
export async function fullestBotChars(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sources')
    .innerJoin('bots', 'bots.id', 'sources.bot_id')
    .select((eb) => eb.fn.sum<number>('sources.char_count').as('n'))
    .where('bots.user_id', '=', userId)
    .where('sources.status', '!=', 'failed')
    .groupBy('sources.bot_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Chat turns on any of the account's bots (dashboard, widget, full page) since `since`. */
export async function messagesSince(db: Kysely<DB>, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('chat_turns')
    .innerJoin('bots', 'bots.id', 'chat_turns.bot_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bots.user_id', '=', userId)
    .where('chat_turns.created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
