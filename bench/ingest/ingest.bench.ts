/**
 * Ingestion benchmark (acceptance 5): time to train 1,000 Q&A pairs and 5 MB of text into the
 * embedded database, end to end (API service → durable job → pipeline → lexical index), and
 * peak memory. Run: node --import tsx bench/ingest/ingest.bench.ts [--text-mb=5] [--qa=1000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { startWorkerRole } from '../../apps/server/src/jobs/definitions/index.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import {
  trainQaPairs,
  trainTexts,
} from '../../apps/server/src/modules/sources/content-training.service.ts';
import { lexicalSearch } from '../../apps/server/src/search/lexical-search.ts';
import { qaPairs, textCorpus } from './fixtures.ts';

const arg = (name: string, fallback: number) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : fallback;
};
const TEXT_BYTES = arg('text-mb', 5) * 1_000_000;
const QA_COUNT = arg('qa', 1000);

const out = (line: string) => process.stdout.write(`${line}\n`);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

let peakRss = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 25);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docent-bench-ingest-'));
const env = loadEnv({
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
  LOG_LEVEL: 'warn',
  JOB_CONCURRENCY: '1',
});
const runtime = await createRuntime(env, { log: createLogger('warn') });
const ctx = runtime.ctx;
await startWorkerRole(ctx);
const { id: userId } = await ctx.db
  .insertInto('users')
  .values({ email: 'bench@example.com', password_hash: null, avatar_path: null, plan: 'platinum' })
  .returning('id')
  .executeTakeFirstOrThrow();

async function measure(label: string, train: () => Promise<{ botId: string }>, probe: string) {
  const before = process.memoryUsage().rss;
  peakRss = before;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const { botId } = await train();
  await ctx.jobs.whenIdle(600_000);
  const trainedMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const bot = await ctx.db
    .selectFrom('bots')
    .selectAll()
    .where('id', '=', botId)
    .executeTakeFirstOrThrow();
  const chunks = await ctx.db
    .selectFrom('chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bot_id', '=', botId)
    .executeTakeFirstOrThrow();
  const t1 = performance.now();
  const hits = await lexicalSearch(ctx.db, botId, probe, 5);
  const searchMs = performance.now() - t1;
  out(`${label}`);
  out(
    `  status ${bot.status}, ${Number(chunks.n)} chunks, ${bot.total_chars.toLocaleString('en-US')} characters`,
  );
  out(
    `  trained and searchable in ${(trainedMs / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU (this process, incl. embedded PostgreSQL)`,
  );
  out(`  first query "${probe}": ${hits.length} hits in ${searchMs.toFixed(0)} ms`);
  out(`  peak RSS ${mb(peakRss)} (start ${mb(before)}), peak JS heap ${mb(peakHeap)}`);
  if (bot.status !== 'trained' || hits.length === 0) process.exitCode = 1;
}

out(`ingest benchmark — embedded PGlite in ${dataDir}, Node ${process.version}`);
out(
  `  load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.availableParallelism()} cores`,
);
const pairs = qaPairs(QA_COUNT);
await measure(
  `${pairs.length.toLocaleString('en-US')} Q&A pairs`,
  () => trainQaPairs(ctx, userId, { bot_id: undefined, question_answer: pairs }),
  pairs[0]!.question,
);
const items = textCorpus(TEXT_BYTES);
const bytes = items.reduce((n, i) => n + Buffer.byteLength(i.content), 0);
await measure(
  `${(bytes / 1_000_000).toFixed(1)} MB of text in ${items.length} items`,
  () => trainTexts(ctx, userId, { bot_id: undefined, content_list: items }),
  'diffusion tensor imaging of white matter',
);

clearInterval(sampler);
await runtime.close();
rmSync(dataDir, { recursive: true, force: true });
