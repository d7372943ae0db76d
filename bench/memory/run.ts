import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import {
  type Account,
  createAccount,
  JWT_SECRET,
  type Proc,
} from '../../apps/server/test/scale-out/cluster.ts';
import { ensureDocSites, serveStatic } from '../../e2e/helpers/doc-sites.ts';
import { spawnEmbedded, trainSite } from '../load/installs.ts';
import { type LoadFigures, runVisitors } from '../load/visitors.ts';

/**
 * Resident memory of the embedded install: `npm start`'s single process (every role, PGlite,
 * in-process jobs), started as an operator starts it.
 *   1. first start on an empty data directory (the database is created), then a restart;
 *   2. a bot trained from the Git manual (242 pages) for the visitors to talk to;
 *   3. the PostgreSQL 15 manual (1,169 pages) crawled and trained while 50 widget visitors
 *      chat with the first bot (bench/load's visitors), resident memory sampled throughout;
 *   4. every document marked as indexed by an older analyzer (as after an upgrade that changes
 *      how text becomes terms), then a restart: the worker indexes both bots again.
 * Ends with lines
 *   MEM start=first|restart|upgraded rss_mb=… peak_mb=… ready_s=…
 *   MEM phase=crawl-train-load pages=… seconds=… peak_mb=… rss_end_mb=… answers_per_s=… …
 *   MEM phase=reindex documents=… seconds=… peak_mb=… rss_end_mb=…
 * Peaks are the kernel's high-water mark (VmHWM), reset before the phase they describe.
 *
 *   node --import tsx bench/memory/run.ts
 */
const VISITORS = 50;
/** How long the reindex phase is sampled after its last job, for the vacuum that follows. */
const VACUUM_MS = 5_000;
const ROUND_MS = 10_000;
const SMALL_SITE = 'git-2.39';
const LARGE_SITE = 'postgresql-15';
const QUESTIONS = [
  'How do I create a new branch?',
  'What does git rebase do?',
  'How do I undo a commit?',
  'How do I resolve a merge conflict?',
  'What does git stash do?',
  'How do I cherry-pick a commit?',
];

const print = (line: string) => process.stdout.write(`${line}\n`);
const load1 = () => os.loadavg()[0] ?? 0;

function status(proc: Proc): { rssMb: number; hwmMb: number; anonMb: number } {
  const text = readFileSync(`/proc/${proc.child.pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(text.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024);
  return { rssMb: mb('VmRSS'), hwmMb: mb('VmHWM'), anonMb: mb('RssAnon') };
}

/** Resets the process's high-water mark to its current resident size (Linux clear_refs 5). */
function resetPeak(proc: Proc): void {
  writeFileSync(`/proc/${proc.child.pid}/clear_refs`, '5');
}

async function stop(proc: Proc): Promise<void> {
  proc.child.kill('SIGTERM');
  await new Promise((r) => proc.child.once('exit', r));
}

/** Starts the install on `dir` and reports its memory once it is ready and has settled. */
async function startAndMeasure(
  dir: string,
  label: string,
  env: Record<string, string> = {},
): Promise<Proc> {
  const t0 = performance.now();
  const proc = await spawnEmbedded(dir, label, env);
  const readySeconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 3000));
  const m = status(proc);
  print(
    `MEM start=${label} rss_mb=${m.rssMb} anon_mb=${m.anonMb} peak_mb=${m.hwmMb} ready_s=${readySeconds.toFixed(1)} load_avg=${load1().toFixed(2)}`,
  );
  return proc;
}

/** Visitors in rounds of ROUND_MS until `done` settles; the rounds' figures added up. */
async function visitorsUntil(proc: Proc, botId: string, done: Promise<unknown>) {
  let finished = false;
  done.finally(() => {
    finished = true;
  });
  const rounds: LoadFigures[] = [];
  while (!finished) {
    rounds.push(
      await runVisitors({
        urls: [proc.url],
        botId,
        questions: QUESTIONS,
        visitors: VISITORS,
        warmupMs: 0,
        measureMs: ROUND_MS,
        verify: true,
        loadavg: load1,
      }),
    );
  }
  const sum = (f: (r: LoadFigures) => number) => rounds.reduce((n, r) => n + f(r), 0);
  return {
    answersPerSecond: sum((r) => r.answersPerSecond) / Math.max(1, rounds.length),
    p99: Math.max(0, ...rounds.map((r) => r.p99)),
    errors: sum((r) => r.errors),
    lost: sum((r) => r.lost),
    doubled: sum((r) => r.doubled),
    load1: Math.max(0, ...rounds.map((r) => r.load1)),
    firstError: rounds.find((r) => r.firstError)?.firstError,
  };
}

/**
 * Runs `work` while sampling the process's resident memory every 250 ms: its result, the peak
 * (the samples' or the kernel's high-water mark, whichever is higher) and the size at the end.
 */
async function sampled<T>(
  proc: Proc,
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number; rssMb: number }> {
  let sampledMax = 0;
  const sampler = setInterval(() => {
    sampledMax = Math.max(sampledMax, status(proc).rssMb);
  }, 250);
  try {
    const result = await work();
    const m = status(proc);
    return { result, peakMb: Math.max(m.hwmMb, sampledMax), rssMb: m.rssMb };
  } finally {
    clearInterval(sampler);
  }
}

async function crawlTrainUnderLoad(proc: Proc, account: Account, urls: Record<string, string>) {
  const small = await trainSite(proc, account, urls[SMALL_SITE]!);
  print(`  ${SMALL_SITE}: trained ${small.pages} pages in ${small.seconds.toFixed(1)} s`);
  resetPeak(proc);
  const { result, peakMb, rssMb } = await sampled(proc, async () => {
    const training = trainSite(proc, account, urls[LARGE_SITE]!);
    const load = await visitorsUntil(proc, small.botId, training);
    return { load, large: await training };
  });
  const { load, large } = result;
  if (load.firstError) print(`  first error: ${load.firstError}`);
  print(
    `MEM phase=crawl-train-load pages=${large.pages} seconds=${large.seconds.toFixed(1)} peak_mb=${peakMb} rss_end_mb=${rssMb} answers_per_s=${load.answersPerSecond.toFixed(1)} p99_ms=${load.p99.toFixed(0)} errors=${load.errors} lost=${load.lost} doubled=${load.doubled} load_avg=${load.load1.toFixed(2)}`,
  );
}

/** What an upgrade changing the analyzer leaves: every document's terms of an older version. */
async function markIndexedBefore(dir: string): Promise<number> {
  const setup = await createRuntime(loadEnv({ DATA_DIR: dir, JWT_SECRET, LOG_LEVEL: 'silent' }), {
    log: createLogger('silent'),
    roles: [],
  });
  try {
    const r = await setup.ctx.db
      .updateTable('search_documents')
      .set({ terms_version: 0 })
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  } finally {
    await setup.close();
  }
}

/** Restarts on documents of an older analyzer and measures while the worker indexes them again. */
async function reindexAfterUpgrade(dir: string, bots: number): Promise<void> {
  const documents = await markIndexedBefore(dir);
  const t0 = performance.now();
  // Info logs: the worker says when each bot is indexed again.
  const proc = await startAndMeasure(dir, 'upgraded', { LOG_LEVEL: 'info' });
  const { peakMb, rssMb } = await sampled(proc, async () => {
    const reindexed = () => proc.logs().filter((l) => l.msg === 'documents indexed again').length;
    while (reindexed() < bots) {
      if (performance.now() - t0 > 600_000) throw new Error('indexing again took over 10 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
    // The vacuum the last job asks for runs right after it, unlogged: its memory counts too.
    await new Promise((r) => setTimeout(r, VACUUM_MS));
  });
  print(
    `MEM phase=reindex documents=${documents} seconds=${((performance.now() - t0 - VACUUM_MS) / 1000).toFixed(1)} peak_mb=${peakMb} rss_end_mb=${rssMb} load_avg=${load1().toFixed(2)}`,
  );
  await stop(proc);
}

const root = ensureDocSites([SMALL_SITE, LARGE_SITE]);
if (!root) {
  print('NOTICE: the documentation sites are not available; bench/memory is skipped.');
  process.exit(0);
}
const sites = await Promise.all(
  [SMALL_SITE, LARGE_SITE].map((s) => serveStatic(path.join(root, 'sites', s))),
);
const urls = { [SMALL_SITE]: `${sites[0]!.url}/`, [LARGE_SITE]: `${sites[1]!.url}/` };
const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-memory-'));
print(
  `bench/memory: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
try {
  await stop(await startAndMeasure(dir, 'first'));
  const account = await createAccount({ dataDir: dir }, 'memory@example.com');
  const proc = await startAndMeasure(dir, 'restart');
  try {
    await crawlTrainUnderLoad(proc, account, urls);
  } finally {
    await stop(proc);
  }
  await reindexAfterUpgrade(dir, 2);
} finally {
  await Promise.all(sites.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
}
