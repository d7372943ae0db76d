/**
 * bench/analytics: 100,000 generated messages over 90 days for one bot, written through the
 * product's database layer, then the analytics and inbox API timed over HTTP against a real
 * server process: the embedded install (PGlite) and, with --pg=<server URL> (or
 * TEST_DATABASE_URL), PostgreSQL. Goal: every call's p95 ≤ 150 ms.
 *
 *   nice -n 10 node --import tsx bench/analytics/run.ts [--messages=100000] [--samples=40]
 *     [--pg=postgres://postgres@127.0.0.1:5432/postgres] [--only=pg|embedded] [--analyze]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../apps/server/test/helpers/database.ts';
import {
  type Account,
  api,
  createAccount,
  type Proc,
  spawnServer,
} from '../../apps/server/test/scale-out/cluster.ts';
import { analyticsCalls, loadAverage, print, printTimings, timeCalls } from './measure.ts';
import { seedBot, type Where } from './seed.ts';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const MESSAGES = Number(arg('messages') ?? 100_000);
const SAMPLES = Number(arg('samples') ?? 40);
const PG = arg('pg') ?? process.env.TEST_DATABASE_URL;
const ONLY = arg('only');
const ANALYZE = process.argv.includes('--analyze');
const TZ = 'Europe/Amsterdam';

async function measureInstall(mode: string, where: Where, dir: string): Promise<void> {
  // Seeding (the rollup triggers count every row) and timing outlast a 15-minute session.
  const account: Account = await createAccount(where, 'bench@example.com', 4 * 3600);
  const t0 = performance.now();
  const { botId } = await seedBot(where, {
    userId: account.userId,
    messages: MESSAGES,
    days: 90,
    documents: 120,
    analyze: ANALYZE,
  });
  print(
    `${mode}: seeded ${MESSAGES} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const proc: Proc = await spawnServer({
    name: mode,
    roles: ['api', 'realtime', 'worker'],
    dir,
    logFile: path.join(dir, `${mode}.log`),
    env: {
      DATABASE_URL: typeof where === 'string' ? where : '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    const first = await api(proc, account, `inbox/conversations?bot_id=${botId}&page_size=100`);
    const ids = (first.body.response.items as { conversation_id: string }[]).map(
      (c) => c.conversation_id,
    );
    const loadBefore = loadAverage();
    const timings = await timeCalls(proc, account, analyticsCalls(botId, ids, TZ), SAMPLES);
    printTimings(mode, timings, loadBefore);
  } finally {
    proc.child.kill('SIGTERM');
    await new Promise((r) => proc.child.once('exit', r));
  }
}

async function main(): Promise<void> {
  print(`bench/analytics: ${MESSAGES} messages, ${SAMPLES} samples per call, tz ${TZ}`);
  if (ONLY !== 'pg') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-analytics-'));
    try {
      await measureInstall('embedded', { dataDir: dir }, dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (ONLY !== 'embedded' && PG) {
    const scratch = await createScratchDatabase(PG);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-analytics-pg-'));
    try {
      await measureInstall('postgresql', scratch.url, dir);
    } finally {
      await scratch.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  } else if (ONLY !== 'embedded') {
    print('postgresql: skipped (no --pg and no TEST_DATABASE_URL)');
  }
}

await main();
