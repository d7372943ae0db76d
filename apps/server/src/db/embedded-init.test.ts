import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

/**
 * The embedded database on disk: created by a child process on first open (its memory is not
 * this process's), reopened as is afterwards, with the small buffer pool of embedded-settings.
 */
describe('embedded database on disk', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-embedded-init-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pgDir = path.join(dir, 'pg');

  it('is created on first open, keeps its data across a reopen, and uses a 16 MB buffer pool', async () => {
    const first = await openDatabase({ pgliteDir: pgDir });
    expect(existsSync(path.join(pgDir, 'PG_VERSION'))).toBe(true);
    await sql`CREATE TABLE kept (id int PRIMARY KEY, note text)`.execute(first.db);
    await sql`INSERT INTO kept VALUES (1, 'still here')`.execute(first.db);
    await first.close();

    const second = await openDatabase({ pgliteDir: pgDir });
    try {
      const rows = await sql<{ note: string }>`SELECT note FROM kept`.execute(second.db);
      expect(rows.rows).toEqual([{ note: 'still here' }]);
      const pool = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(second.db);
      expect(pool.rows[0]?.shared_buffers).toBe('16MB');
      const vector = await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(second.db);
      expect(vector).toBeDefined();
    } finally {
      await second.close();
    }
  }, 120_000);
});
