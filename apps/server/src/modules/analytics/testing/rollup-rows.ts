import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';

export const ROLLUP_TABLES = [
  'analytics_quarters',
  'analytics_day_origins',
  'analytics_day_latency',
  'analytics_day_questions',
  'analytics_day_sources',
  'analytics_open_gaps',
] as const;

/** Every rollup row, table by table, in a stable order: to compare with a recount. */
export async function rollupRows(db: Kysely<DB>) {
  return Object.fromEntries(
    await Promise.all(
      ROLLUP_TABLES.map(async (table) => {
        const { rows } = await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2, 3, 4`.execute(
          db,
        );
        return [table, rows] as const;
      }),
    ),
  );
}
