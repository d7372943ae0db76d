import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSearchTestDb } from '../../search/testing/use-search-test-db.ts';

const t = useSearchTestDb();

describe('rate counters table', () => {
  it('is unlogged: counting a message writes no WAL and commits without waiting for a flush', async () => {
    // Under load on PostgreSQL, a logged table made every widget message hold the bot's counter
    // row until its commit reached the disk (migration 0023).
    const { rows } = await sql<{ relpersistence: string }>`
      SELECT relpersistence FROM pg_class WHERE oid = 'public_rate_counters'::regclass`.execute(
      t.db,
    );
    expect(rows[0]?.relpersistence).toBe('u');
  });
});
