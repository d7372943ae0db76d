import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Counts the turns stored since the last flush into the analytics rollups (migration 0021:
 * a stored turn is only queued); returns how many. Safe to call from any process at any time.
 */
export async function flushRollups(db: Kysely<DB>): Promise<number> {
  const result = await sql<{ n: number }>`SELECT analytics_flush() AS n`.execute(db);
  return result.rows[0]?.n ?? 0;
}
