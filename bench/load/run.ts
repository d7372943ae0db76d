import os from 'node:os';
import path from 'node:path';
import { ensureDocSites, serveStatic } from '../../e2e/helpers/doc-sites.ts';
import {
  type Install,
  memoryOf,
  startBare,
  startEmbedded,
  startScaleOut,
  trainSite,
} from './installs.ts';
import { cpuMsOf } from './process-cpu.ts';
import { type LoadFigures, runVisitors } from './visitors.ts';

/**
 * Widget visitors against a bot trained from a real documentation site (Git 2.39's manual),
 * extractive engine, on loopback: the embedded install, the scale-out install (2 API processes
 * on PostgreSQL + Redis) and a bare Fastify route for the ratio. Ends each mode with
 *   LOAD mode=… answers_per_s=… p50_ms=… p99_ms=… errors=… lost=…
 * and, for the installs, the CPU time their API processes spent per answer (cpu_ms_per_answer:
 * steadier than answers/s when other work shares the machine).
 * The machine may be shared: each figure carries the highest 1-minute load average seen while
 * it was measured.
 *
 *   node --import tsx bench/load/run.ts
 */
const VISITORS = 50;
const WARMUP_MS = 3000;
const MEASURE_MS = 15_000;
const SITE = 'git-2.39';
const PG = process.env.TEST_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const QUESTIONS = [
  'How do I change the last commit message?',
  'How do I create a new branch?',
  'What does git rebase do?',
  'How do I undo a commit?',
  'How can I see the history of a file?',
  'What is the staging area?',
  'How do I resolve a merge conflict?',
  'How do I push a branch to a remote?',
  'What does git stash do?',
  'How do I configure my user name and email?',
  'How do I delete a remote branch?',
  'What is a detached HEAD?',
  'How do I cherry-pick a commit?',
  'How do I show the differences between two commits?',
  'What does git bisect do?',
  'How do I clone a repository?',
];

const print = (line: string) => process.stdout.write(`${line}\n`);
const load1 = () => os.loadavg()[0] ?? 0;

function loadLine(mode: string, f: LoadFigures, extra = ''): string {
  return `LOAD mode=${mode} answers_per_s=${f.answersPerSecond.toFixed(1)} p50_ms=${f.p50.toFixed(1)} p95_ms=${f.p95.toFixed(1)} p99_ms=${f.p99.toFixed(1)} errors=${f.errors} lost=${f.lost} doubled=${f.doubled} visitors=${f.visitors} load_avg=${f.load1.toFixed(2)}${extra}`;
}

/** What a mode's line adds: its throughput over the bare route's, its CPU time per answer. */
const versusBare = (f: LoadFigures & { cpuMsPerAnswer: number }, bare: LoadFigures) =>
  ` ratio_to_bare=${(f.answersPerSecond / bare.answersPerSecond).toFixed(3)} cpu_ms_per_answer=${f.cpuMsPerAnswer.toFixed(2)}`;

/**
 * The visitors' figures, with the CPU time the install's API processes spent per answer over
 * the measured window (the answers completed in it).
 */
async function measure(install: Install, botId: string, verify = true) {
  const pids = install.apis.map((p) => p.child.pid as number);
  let cpuFrom = 0;
  let cpuTo = 0;
  const from = setTimeout(() => {
    cpuFrom = cpuMsOf(pids);
  }, WARMUP_MS);
  const to = setTimeout(() => {
    cpuTo = cpuMsOf(pids);
  }, WARMUP_MS + MEASURE_MS);
  const f = await runVisitors({
    urls: install.apis.map((p) => p.url),
    botId,
    questions: QUESTIONS,
    visitors: VISITORS,
    warmupMs: WARMUP_MS,
    measureMs: MEASURE_MS,
    verify,
    loadavg: load1,
  });
  clearTimeout(from);
  clearTimeout(to);
  if (f.firstError) print(`  first error: ${f.firstError}`);
  const answers = f.answersPerSecond * (MEASURE_MS / 1000);
  return { ...f, cpuMsPerAnswer: answers > 0 ? (cpuTo - cpuFrom) / answers : Number.NaN };
}

async function bareCeiling(): Promise<LoadFigures> {
  const bare = await startBare();
  try {
    return await runVisitors({
      urls: [bare.url],
      botId: 'bare',
      questions: QUESTIONS,
      visitors: VISITORS,
      warmupMs: WARMUP_MS,
      measureMs: MEASURE_MS,
      verify: false,
      loadavg: load1,
    });
  } finally {
    await bare.close();
  }
}

const root = ensureDocSites([SITE]);
if (!root) {
  print('NOTICE: the documentation sites are not available; bench/load is skipped.');
  process.exit(0);
}
const site = await serveStatic(path.join(root, 'sites', SITE));
print(
  `bench/load: ${VISITORS} visitors, ${WARMUP_MS / 1000} s warm-up + ${MEASURE_MS / 1000} s measured per mode, ${os.cpus().length} cores, load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
try {
  const bare = await bareCeiling();
  print(loadLine('bare-fastify', bare));

  const embedded = await startEmbedded();
  try {
    const started = memoryOf(embedded.main!);
    const trained = await trainSite(embedded.apis[0]!, embedded.account, `${site.url}/`);
    print(`  embedded: trained ${trained.pages} pages in ${trained.seconds.toFixed(1)} s`);
    const f = await measure(embedded, trained.botId);
    const mem = memoryOf(embedded.main!);
    print(
      `MEM mode=embedded rss_after_start_mb=${started.rssMb} rss_after_load_mb=${mem.rssMb} peak_mb=${mem.peakMb}`,
    );
    print(loadLine('embedded', f, versusBare(f, bare)));
  } finally {
    await embedded.close();
  }

  let scaleOut: Awaited<ReturnType<typeof startScaleOut>> | undefined;
  try {
    scaleOut = await startScaleOut(PG, REDIS);
  } catch (err) {
    print(
      `NOTICE: no scale-out install (PostgreSQL ${PG}, Redis ${REDIS}): ${String(err).slice(0, 200)}`,
    );
  }
  if (scaleOut) {
    try {
      const trained = await trainSite(scaleOut.apis[0]!, scaleOut.account, `${site.url}/`);
      print(`  scale-out: trained ${trained.pages} pages in ${trained.seconds.toFixed(1)} s`);
      const f = await measure(scaleOut, trained.botId);
      print(loadLine('scale-out', f, versusBare(f, bare)));
    } finally {
      await scaleOut.close();
    }
  }
} finally {
  await site.close();
}
