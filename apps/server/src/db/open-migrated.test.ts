import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { serverPath } from '../server-files.ts';
import { pendingMigrations } from './migrate.ts';
import { openMigratedDatabase } from './open-migrated.ts';

/**
 * The embedded database on disk is migrated by a child process (its memory is not the serving
 * process's): a new directory comes back with every migration applied, a reopen applies none.
 */
describe('embedded database migrated apart', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-open-migrated-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pgliteDir = path.join(dir, 'pg');
  const all = readdirSync(serverPath('src/db/migrations/'))
    .filter((f) => f.endsWith('.sql'))
    .sort();

  it('applies every migration on first start and none on a reopen', async () => {
    const first = await openMigratedDatabase({ pgliteDir });
    await first.database.close();
    expect(first.applied).toEqual(all);

    const second = await openMigratedDatabase({ pgliteDir });
    try {
      expect(second.applied).toEqual([]);
      expect(await pendingMigrations(second.database.db)).toEqual([]);
      const tables = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'chat_turns'`.execute(
        second.database.db,
      );
      expect(tables.rows[0]?.n).toBe(1);
    } finally {
      await second.database.close();
    }
  }, 240_000);
});
