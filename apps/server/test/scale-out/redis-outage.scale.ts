import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import {
  type Account,
  api,
  type Cluster,
  createAccount,
  type Proc,
  sleep,
  startCluster,
  waitFor,
} from './cluster.ts';
import { countBot, waitTrained } from './knowledge.ts';
import { type OwnRedis, redisServerPath, startOwnRedis } from './redis-server.ts';
import { chatTurn, newVisitorId } from './widget-visitor.ts';

/**
 * Acceptance 1, scenario 3: the install's Redis is stopped for 10 s while a source trains.
 * Training completes once Redis is back, with exactly what an uninterrupted run stores, and
 * every API request made meanwhile answers (succeeds, or fails with a message), none hangs.
 */
const { TEST_DATABASE_URL } = loadEnv();
const REDIS_SERVER = redisServerPath();
const OUTAGE_MS = 10_000;

// 5,000 small documents (~1.4 MB, under the body limit): training commits them in many
// transactions over several seconds.
const items = Array.from({ length: 5000 }, (_, i) => ({
  title: `Chapter ${i}`,
  content: `Chapter ${i} covers topic ${(i * 7) % 97} of the handbook. ${'Each rule is explained with an example. '.repeat(5)}`,
}));

describe.runIf(TEST_DATABASE_URL && REDIS_SERVER)('scale-out install: Redis outage', () => {
  let redis: OwnRedis;
  let cluster: Cluster;
  let a: Proc;
  let b: Proc;

  beforeAll(async () => {
    redis = await startOwnRedis(REDIS_SERVER!);
    cluster = await startCluster({ pgServerUrl: TEST_DATABASE_URL!, redisUrl: redis.url });
    [a, b] = await Promise.all([
      cluster.start('api-a', ['api', 'realtime']),
      cluster.start('api-b', ['api', 'realtime']),
    ]);
    await Promise.all([
      cluster.start('worker-1', ['worker']),
      cluster.start('worker-2', ['worker']),
    ]);
  });
  afterAll(async () => {
    await cluster?.close();
    await redis?.close();
  });

  const train = (proc: Proc, account: Account) =>
    api(proc, account, 'upload/text', { content_list: items, stage: 1, char_count: 0 });

  /** Requests of every kind an API serves, each given 30 s; returns status (0: no answer). */
  async function probeApis(account: Account, botId: string): Promise<[string, number, string][]> {
    const timed = async (
      what: string,
      call: () => Promise<{ status: number; message: string }>,
    ) => {
      try {
        const r = await call();
        return [what, r.status, r.message] as [string, number, string];
      } catch (err) {
        return [what, 0, String(err)] as [string, number, string];
      }
    };
    const ready = (p: Proc) => async () => {
      const res = await fetch(`${p.url}/api/health/ready`, { signal: AbortSignal.timeout(30_000) });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    };
    const envelope = (p: Promise<{ status: number; body: { message: string } }>) =>
      p.then((r) => ({ status: r.status, message: r.body.message }));
    return Promise.all([
      timed('ready A', ready(a)),
      timed('ready B', ready(b)),
      timed('status', () => envelope(api(b, account, `upload/status/${botId}`))),
      timed('new training', () =>
        envelope(
          api(a, account, 'upload/text', {
            content_list: [{ title: 'During the outage', content: 'Queued while Redis is down.' }],
            stage: 1,
          }),
        ),
      ),
      timed('widget chat', async () => {
        const r = await chatTurn(
          b.url,
          botId,
          { id: newVisitorId() },
          'What does chapter 3 cover?',
          30_000,
        );
        return { status: r.status, message: r.error ?? 'answered' };
      }),
    ]);
  }

  it('finishes training after Redis returns, with the counts of an uninterrupted run', async () => {
    const refAccount = await createAccount(cluster.databaseUrl, 'redis-ref@example.com');
    const ref = await train(a, refAccount);
    expect(ref.status).toBe(200);
    await waitTrained(() => a, refAccount, ref.body.response.botId);
    const expected = await countBot(cluster.databaseUrl, ref.body.response.botId);
    expect(expected.documents).toBe(items.length);

    const account = await createAccount(cluster.databaseUrl, 'redis-outage@example.com');
    const started = await train(b, account);
    expect(started.status).toBe(200);
    const botId = started.body.response.botId as string;
    await waitFor('training under way', async () => {
      const s = await api(a, account, `upload/status/${botId}`);
      return s.body.response.progress.documents_done > 0 ? true : undefined;
    });

    await redis.stop();
    const atStop = await api(a, account, `upload/status/${botId}`);
    expect(atStop.body.response.processing_complete).toBe(false);
    const outageStart = Date.now();
    const during = await probeApis(account, ref.body.response.botId);
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - outageStart)));
    await redis.start();

    // Meanwhile every request answered: a success, or a failure with a message.
    for (const [what, status, message] of during) {
      expect({ what, answered: status > 0 }).toEqual({ what, answered: true });
      if (status >= 400) expect({ what, message }).toEqual({ what, message: expect.any(String) });
    }
    const readiness = during.filter(([what]) => what.startsWith('ready')).map(([, s]) => s);
    expect(readiness).toEqual([503, 503]);

    await waitTrained(() => a, account, botId);
    expect(await countBot(cluster.databaseUrl, botId)).toEqual(expected);
    // And the install is whole again: ready, and training new sources.
    for (const p of [a, b]) {
      await waitFor(`${p.name} ready`, async () =>
        (await fetch(`${p.url}/api/health/ready`)).status === 200 ? true : undefined,
      );
    }
    const after = await api(a, account, 'upload/text', {
      content_list: [{ title: 'After the outage', content: 'Redis is back.' }],
      stage: 1,
    });
    expect(after.status).toBe(200);
    await waitTrained(() => b, account, after.body.response.botId);
  });
});
