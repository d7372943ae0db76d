import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSearchTestDb } from '../../apps/server/src/search/testing/search-db.ts';
import { serveStatic, writeSitemap } from '../../e2e/helpers/doc-sites.ts';
import { runCovidQa } from '../retrieval/covid-qa.ts';
import { print } from '../retrieval/fixtures.ts';
import { runSciFact } from '../retrieval/scifact.ts';
import { startEchoModel } from './echo-model.ts';
import { containsPhrase, pageAmong, pct, percentile } from './measure.ts';
import { type Product, startProduct } from './product.ts';
import { loadSets, type QaSet, SET_DIRS, siteDirOf } from './sets.ts';

/**
 * Answer quality through the product's own crawl → train → /api/ai/chat path (README.md):
 *
 *   node --import tsx bench/answer-quality/run.ts [git|nodejs|…|scifact|covid-qa …]
 *
 * No argument runs every question set (qa-dev and sets/) and both retrieval corpora.
 * ANSWER_ENGINES=extractive or =llm runs one engine. Per-question results go to
 * .tmp/answer-quality/<set>-<engine>.json.
 * ANSWER_QUALITY_KEEP=DIR keeps each set's trained data directory in DIR/<set> and, on the next
 * run, asks again without crawling and training (for changes to retrieval or answering only).
 */
type Engine = 'extractive' | 'llm';

interface Asked {
  question: string;
  first?: string;
  page_path: string;
  answer_substring: string;
  pageFound: boolean;
  phraseFound: boolean;
  ms: number;
  answer: string;
  sources: (string | null)[];
}

interface EngineResult {
  single: Asked[];
  followUps: Asked[];
  /** Every chat request's time (first turns of follow-ups included), warm-up excluded. */
  latencies: number[];
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT_DIR = path.join(REPO_ROOT, '.tmp', 'answer-quality');
const WARMUP = 3;
const args = process.argv.slice(2);
const wanted = (name: string) => args.length === 0 || args.includes(name);
const engines = (process.env.ANSWER_ENGINES ?? 'extractive,llm').split(',') as Engine[];
const keepDir = process.env.ANSWER_QUALITY_KEEP;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function askAll(product: Product, botId: string, set: QaSet): Promise<EngineResult> {
  const latencies: number[] = [];
  const timed = async (question: string, conversationId?: string) => {
    const started = performance.now();
    const res = await product.ask(botId, question, conversationId);
    const ms = performance.now() - started;
    latencies.push(ms);
    return { res, ms };
  };
  for (const q of set.single.slice(0, WARMUP)) await product.ask(botId, q.question);
  const judge = (
    q: { question: string; page_path: string; answer_substring: string },
    res: Awaited<ReturnType<Product['ask']>>,
    ms: number,
  ): Asked => ({
    question: q.question,
    page_path: q.page_path,
    answer_substring: q.answer_substring,
    pageFound: pageAmong(res.sources, q.page_path),
    phraseFound: containsPhrase(res.answer, q.answer_substring),
    ms,
    answer: res.answer,
    sources: res.sources.map((s) => s.url),
  });
  const single: Asked[] = [];
  for (const q of set.single) {
    const { res, ms } = await timed(q.question);
    single.push(judge(q, res, ms));
  }
  const followUps: Asked[] = [];
  for (const q of set.followUps) {
    const first = await timed(q.first);
    const { res, ms } = await timed(q.question, first.res.conversation_id);
    followUps.push({ ...judge(q, res, ms), first: q.first });
  }
  return { single, followUps, latencies };
}

interface Row {
  set: string;
  engine: Engine;
  result: EngineResult;
}

async function runSet(set: QaSet): Promise<Row[]> {
  const siteDir = siteDirOf(set);
  if (!siteDir) return [];
  const routes: Record<string, string> = {};
  const site = await serveStatic(siteDir, routes);
  const dataDir = keepDir
    ? path.join(path.resolve(keepDir), set.name)
    : mkdtempSync(path.join(os.tmpdir(), `docent-answer-quality-${set.name}-`));
  mkdirSync(dataDir, { recursive: true });
  const trainedFile = path.join(dataDir, 'trained.json');
  // The sitemap names the served port, so it is written once the site listens.
  const sitemap = writeSitemap(siteDir, site.url, path.join(dataDir, 'sitemap.xml'));
  routes['/sitemap.xml'] = sitemap.file;
  const echo = await startEchoModel();
  const rows: Row[] = [];
  const kept: { userId?: string; botId?: string } =
    keepDir && existsSync(trainedFile) ? JSON.parse(readFileSync(trainedFile, 'utf8')) : {};
  let userId = kept.userId;
  let botId = kept.botId ?? '';
  if (userId) print(`${set.name}: asking the bot trained in ${dataDir}`);
  try {
    for (const engine of engines) {
      const product = await startProduct({
        dataDir,
        ...(engine === 'llm' ? { llmBaseUrl: echo.url } : {}),
        ...(userId ? { userId } : {}),
      });
      try {
        if (!userId) {
          userId = product.userId;
          const trained = await product.trainSitemap(`${site.url}sitemap.xml`);
          botId = trained.botId;
          if (keepDir) writeFileSync(trainedFile, JSON.stringify({ userId, botId }));
          print(
            `${set.name}: ${trained.pages} pages crawled and trained in ${trained.seconds.toFixed(0)} s (load ${load()})`,
          );
        }
        const result = await askAll(product, botId, set);
        rows.push({ set: set.name, engine, result });
        mkdirSync(OUT_DIR, { recursive: true });
        writeFileSync(
          path.join(OUT_DIR, `${set.name}-${engine}.json`),
          JSON.stringify(result, null, 1),
        );
        print(`${set.name} / ${engine}: ${line(result)}`);
      } finally {
        await product.close();
      }
    }
  } finally {
    await echo.close();
    await site.close();
    if (!keepDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function line(r: EngineResult): string {
  const rate = (xs: Asked[], f: (a: Asked) => boolean) => pct(xs.filter(f).length, xs.length);
  return [
    rate(r.single, (a) => a.pageFound),
    rate(r.single, (a) => a.phraseFound),
    rate(r.followUps, (a) => a.pageFound),
    rate(r.followUps, (a) => a.phraseFound),
    `${percentile(r.latencies, 50).toFixed(0)} ms`,
    `${percentile(r.latencies, 95).toFixed(0)} ms`,
  ].join(' | ');
}

const rows: Row[] = [];
const sets = loadSets().filter((s) => wanted(s.name));
if (sets.length === 0 && args.every((a) => a !== 'scifact' && a !== 'covid-qa')) {
  print(
    `NOTICE: no question sets in ${SET_DIRS.join(' or ')}; the answer-quality sets are skipped.`,
  );
}
print(`load average at start: ${load()} (2 cores shared with other work)`);
for (const set of sets) rows.push(...(await runSet(set)));

let scifact: Awaited<ReturnType<typeof runSciFact>> = null;
let covid: Awaited<ReturnType<typeof runCovidQa>> = null;
if (wanted('scifact') || wanted('covid-qa')) {
  const t = await openSearchTestDb(process.env.BENCH_DATABASE_URL);
  try {
    if (wanted('scifact')) scifact = await runSciFact(t.db);
    if (wanted('covid-qa')) covid = await runCovidQa(t.db);
  } finally {
    await t.close();
  }
}

print('');
print(
  '| set | engine | page among sources | phrase in answer (extractive) / in model passages (llm) | follow-ups: page | follow-ups: phrase | p50 | p95 |',
);
print('|---|---|---|---|---|---|---|---|');
for (const r of rows) print(`| ${r.set} | ${r.engine} | ${line(r.result)} |`);
if (scifact)
  print(
    `\nSciFact nDCG@10 ${scifact.ndcg10.toFixed(3)}, Recall@100 ${scifact.recall100.toFixed(3)}`,
  );
if (covid) print(`COVID-QA top-1 ${pct(covid.top1, 1)}, top-5 ${pct(covid.top5, 1)}`);
print(`load average at end: ${load()}`);
process.exit(0);
