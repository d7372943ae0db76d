import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.ts';
import { createDbQueue } from './db-queue.ts';
import type { JobHandlers, JobQueue } from './queue.ts';

describe('in-process job runner (job state in the database)', () => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const q of queues) await q.close();
    await t.close();
  });

  const queue = (concurrency = 2) => {
    const q = createDbQueue({
      db: t.runtime.ctx.db,
      dbKind: t.runtime.database.kind,
      log: t.runtime.ctx.log,
      redisPrefix: 'unused',
      concurrency,
      leaseSeconds: 30,
    });
    queues.push(q);
    return q;
  };
  const jobs = () =>
    t.runtime.ctx.db.selectFrom('jobs').selectAll().orderBy('created_at').execute();
  const clear = () => t.runtime.ctx.db.deleteFrom('jobs').execute();

  it('runs each job exactly once even with two workers claiming concurrently', async () => {
    await clear();
    const runs: string[] = [];
    const handlers: JobHandlers = {
      run: async (_name, payload) => {
        runs.push((payload as { sourceId: string }).sourceId);
        await new Promise((r) => setTimeout(r, 5));
      },
      failed: async () => {},
    };
    const a = queue();
    const b = queue();
    for (let i = 0; i < 20; i++) await a.enqueue('train-source', { sourceId: `s${i}` });
    await a.start(handlers);
    await b.start(handlers);
    await a.whenIdle(30_000);
    expect(runs.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `s${i}`).sort());
    expect((await jobs()).every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    await a.close();
    await b.close();
  });

  it('ignores a second enqueue of a live job with the same dedupe key', async () => {
    await clear();
    const q = queue();
    await q.enqueue('train-source', { sourceId: 'x' }, { dedupeKey: 'train-source:x' });
    await q.enqueue('train-source', { sourceId: 'x' }, { dedupeKey: 'train-source:x' });
    expect(await jobs()).toHaveLength(1);
    await q.close();
  });

  it('retries a failing job, then reports the final failure once', async () => {
    await clear();
    let attempts = 0;
    const failures: unknown[] = [];
    const q = queue();
    await q.enqueue('train-source', { sourceId: 'bad' }, { maxAttempts: 2 });
    await q.start({
      run: async (_n, _p, run) => {
        attempts++;
        expect(run.attempt).toBe(attempts);
        throw new Error(`boom ${attempts}`);
      },
      failed: async (_n, _p, err) => {
        failures.push(err);
      },
    });
    await q.whenIdle(30_000);
    expect(attempts).toBe(2);
    expect(failures).toHaveLength(1);
    const [job] = await jobs();
    expect(job).toMatchObject({ status: 'failed', attempts: 2, last_error: 'boom 2' });
    await q.close();
  });

  it('picks up a job whose worker died (lapsed lease) and completes it', async () => {
    await clear();
    const db = t.runtime.ctx.db;
    await db
      .insertInto('jobs')
      .values({
        name: 'train-source',
        payload: JSON.stringify({ sourceId: 'orphan' }),
        status: 'running',
        attempts: 1,
        locked_by: 'dead-worker',
        locked_until: new Date(Date.now() - 1000),
      })
      .execute();
    const seen: string[] = [];
    const q = queue();
    await q.start({
      run: async (_n, p) => {
        seen.push((p as { sourceId: string }).sourceId);
      },
      failed: async () => {},
    });
    await q.whenIdle(30_000);
    expect(seen).toEqual(['orphan']);
    expect((await jobs())[0]).toMatchObject({ status: 'done', attempts: 2 });
    await q.close();
  });
});
