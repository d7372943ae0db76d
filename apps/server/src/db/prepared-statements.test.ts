import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/helpers/database.ts';
import { loadEnv } from '../config/env.ts';
import { type Database, openDatabase } from './client.ts';
import { KEEP_PREPARED } from './prepared-statements.ts';

/** On the embedded database, or on PostgreSQL when TEST_DATABASE_URL is set. */
describe('statements marked KEEP_PREPARED', () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const server = loadEnv().TEST_DATABASE_URL;
    const scratch = server ? await createScratchDatabase(server) : undefined;
    drop = scratch?.drop;
    database = await openDatabase({ databaseUrl: scratch?.url, pgliteDir: null });
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  /** The statements the connection keeps prepared, by their text. */
  const kept = (conn: typeof database.db) =>
    sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`
      .execute(conn)
      .then((r) => r.rows.map((row) => row.statement));

  it('are prepared once per connection and answer for every value', async () => {
    await database.db.connection().execute(async (conn) => {
      const double = (n: number) =>
        sql<{ v: number }>`${sql.raw(KEEP_PREPARED)} SELECT ${n}::int * 2 AS v`.execute(conn);
      expect((await double(2)).rows).toEqual([{ v: 4 }]);
      expect((await double(21)).rows).toEqual([{ v: 42 }]);
      await sql<{ v: number }>`SELECT ${1}::int AS v`.execute(conn);
      const statements = await kept(conn);
      expect(statements.filter((s) => s.includes('* 2 AS v'))).toHaveLength(1);
      // Unmarked statements are not kept.
      expect(statements.filter((s) => s.includes('::int AS v') && !s.includes('* 2'))).toEqual([]);
    });
  });

  it('keep failing and succeeding as unprepared ones do', async () => {
    await database.db.connection().execute(async (conn) => {
      const inverse = (n: number) =>
        sql<{ v: number }>`${sql.raw(KEEP_PREPARED)} SELECT 10 / ${n}::int AS v`.execute(conn);
      expect((await inverse(5)).rows).toEqual([{ v: 2 }]);
      await expect(inverse(0)).rejects.toThrow(/division by zero/);
      expect((await inverse(2)).rows).toEqual([{ v: 5 }]);
    });
  });
});
