import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.ts';
import { loadEnv } from '../config/env.ts';
import { runWithRequestId } from '../lib/request-context.ts';
import { createBullQueue } from './bullmq-queue.ts';
import { createDbQueue } from './db-queue.ts';
import type { JobQueue, JobRun, QueueConfig } from './queue.ts';

const REDIS = loadEnv().TEST_REDIS_URL;

/**
 * Graceful shutdown of a worker: a job stopped at its checkpoint goes back to the queue (not
 * completed, not failed), another worker runs it as the same attempt, and the id of the request
 * that queued it travels with it.
 */
async function handBackScenario(makeQueue: () => JobQueue): Promise<void> {
  const first = makeQueue();
  const second = makeQueue();
  const runs: { worker: string; run: Omit<JobRun, 'signal'>; payload: unknown }[] = [];
  const failures: unknown[] = [];
  let started: () => void = () => {};
  const firstStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  await first.start({
    run: async (_name, payload, run) => {
      runs.push({ worker: 'first', run: { ...run, signal: undefined } as never, payload });
      started();
      // A long job: works until shutdown aborts it, then stops at its checkpoint.
      await new Promise<void>((resolve) => run.signal.addEventListener('abort', () => resolve()));
    },
    failed: async (_n, _p, err) => {
      failures.push(err);
    },
  });
  await runWithRequestId('req-hand-back-1', () =>
    first.enqueue('train-source', { sourceId: 'long' }),
  );
  await firstStarted;
  await first.close();
  await second.start({
    run: async (_name, payload, run) => {
      runs.push({ worker: 'second', run: { ...run, signal: undefined } as never, payload });
    },
    failed: async (_n, _p, err) => {
      failures.push(err);
    },
  });
  await second.whenIdle(30_000);
  await second.close();
  expect(runs.map((r) => [r.worker, r.run.attempt, r.run.requestId, r.payload])).toEqual([
    ['first', 1, 'req-hand-back-1', { sourceId: 'long' }],
    ['second', 1, 'req-hand-back-1', { sourceId: 'long' }],
  ]);
  expect(failures).toEqual([]);
}

describe('a worker shutting down hands its running job back', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const config = (): QueueConfig => ({
    db: t.runtime.ctx.db,
    dbKind: t.runtime.database.kind,
    log: t.runtime.ctx.log,
    redisPrefix: `docent-handback-${randomBytes(4).toString('hex')}`,
    concurrency: 1,
    // Far longer than the test: the second worker gets the job only if it was handed back.
    leaseSeconds: 600,
  });

  it('in-process runner (job state in the database)', async () => {
    const cfg = config();
    await handBackScenario(() => createDbQueue(cfg));
    const rows = await t.runtime.ctx.db.selectFrom('jobs').selectAll().execute();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['done', 1]]);
  });

  it.runIf(REDIS)('BullMQ (REDIS_URL)', async () => {
    const cfg = config();
    await handBackScenario(() => createBullQueue({ ...cfg, redisUrl: REDIS! }));
  });
});
