import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Counts one hit of `key` in the current fixed window and returns the window's total. Kept in
 * the database so every API process shares the same counts.
 */
export async function countHit(db: Kysely<DB>, key: string, windowMs: number): Promise<number> {
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const row = await db
    .insertInto('public_rate_counters')
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`public_rate_counters.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** Takes back one hit of `key` in the current window (a request that was refused after all). */
export async function refundHit(db: Kysely<DB>, key: string, windowMs: number): Promise<void> {
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  await db
    .updateTable('public_rate_counters')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .execute();
}

/** How many keys starting with `prefix` have hits in the current window. */
export async function countActiveKeys(
  db: Kysely<DB>,
  prefix: string,
  windowMs: number,
): Promise<number> {
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const row = await db
    .selectFrom('public_rate_counters')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('key', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
    .where('window_start', '=', windowStart)
    .where('hits', '>', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteCountersBefore(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('public_rate_counters').where('window_start', '<', before).execute();
}
