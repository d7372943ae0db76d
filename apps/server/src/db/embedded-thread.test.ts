import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client.ts';
import { EMBEDDED_SETTINGS } from './embedded-settings.ts';
import { startEmbeddedThread } from './embedded-thread.ts';

/** Longest pause of this thread's event loop while `work` runs, and how long it ran. */
async function longestPause(work: () => Promise<unknown>): Promise<{ pause: number; ran: number }> {
  let last = performance.now();
  let pause = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    pause = Math.max(pause, now - last);
    last = now;
  }, 5);
  const t0 = performance.now();
  try {
    await work();
  } finally {
    clearInterval(tick);
  }
  return { pause, ran: performance.now() - t0 };
}

describe('embedded database thread', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'docent-pg-thread-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('runs queries off the main thread: a long query leaves its event loop free', async () => {
    const database = await openDatabase({ pgliteDir: null });
    try {
      const { pause, ran } = await longestPause(() =>
        sql`SELECT count(*) FROM generate_series(1, 3000000) g WHERE g % 7 = 0`.execute(
          database.db,
        ),
      );
      // In this thread the query stopped the event loop for all of its duration. (3 million
      // rows: one million ran in 170-230 ms on a quiet machine, at the edge of the 200 ms the
      // test needs to mean something.)
      expect(ran).toBeGreaterThan(200);
      expect(pause).toBeLessThan(ran / 2);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('reports a thread that ends on its own, and queries fail instead of hanging', async () => {
    const onFailure = vi.fn();
    const thread = await startEmbeddedThread(null, EMBEDDED_SETTINGS, onFailure);
    const client = new pg.Client({ host: thread.socketDir, port: thread.port, user: 'postgres' });
    client.on('error', () => {});
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);

    await thread.worker.terminate();
    await expect(client.query('SELECT 1')).rejects.toThrow();
    expect(onFailure).toHaveBeenCalledOnce();
    expect(String(onFailure.mock.calls[0]?.[0])).toMatch(/embedded database stopped/);
  }, 60_000);

  it('rejects when the database cannot start', async () => {
    const notADir = path.join(tmp, 'file');
    writeFileSync(notADir, 'not a database');
    const onFailure = vi.fn();
    await expect(startEmbeddedThread(notADir, EMBEDDED_SETTINGS, onFailure)).rejects.toThrow(
      /embedded database failed to start/,
    );
    expect(onFailure).not.toHaveBeenCalled();
  }, 60_000);
});
