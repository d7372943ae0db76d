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

export async function deleteCountersBefore(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('public_rate_counters').where('window_start', '<', before).execute();
}
