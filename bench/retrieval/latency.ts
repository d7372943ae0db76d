import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { retrieve } from '../../apps/server/src/rag/retrieve.ts';
import { blockPostingsCache } from '../../apps/server/src/search/block-postings-cache.ts';
import { vacuumSearchIndex } from '../../apps/server/src/search/search.repo.ts';
import { splitSentences } from '../../apps/server/src/search/sentences.ts';
import {
  addDocuments,
  createBot,
  openSearchTestDb,
} from '../../apps/server/src/search/testing/search-db.ts';
import { fixturePath, print, readJsonLines } from './fixtures.ts';
import { percentile } from './metrics.ts';

/**
 * Retrieval latency on one bot of 100,000 chunks in the embedded database (on disk, as the
 * product runs). The chunks are made of real SciFact sentences recombined (a seeded shuffle),
 * so term frequencies are those of real text; the queries are SciFact's.
 *
 *   node --import tsx bench/retrieval/latency.ts [chunks=100000]
 * LATENCY_DB_DIR=<dir> keeps the built database there and reuses it on the next run.
 */
const TARGET_CHUNKS = Number(process.argv[2] ?? 100_000);
const CHUNKS_PER_DOC = 20;
const PARAGRAPH_CHARS = 1_000;
const WARMUP = 20;
/** Documents per transaction while building (as the pipeline batches them). */
const BUILD_BATCH = 64;
const LIMIT = 8;

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dir = fixturePath('beir-scifact');
if (dir) {
  const corpus = readJsonLines<{ title: string; text: string }>(path.join(dir, 'corpus.jsonl'));
  const queries = readJsonLines<{ text: string }>(path.join(dir, 'queries.jsonl')).map(
    (q) => q.text,
  );
  const sentences = corpus.flatMap((d) => splitSentences(d.text).map((s) => s.trim()));
  const titles = corpus.map((d) => d.title);
  const keep = process.env.LATENCY_DB_DIR;
  const dbDir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'docent-latency-'));
  const reuse = keep !== undefined && existsSync(path.join(dbDir, 'PG_VERSION'));
  const t = await openSearchTestDb(undefined, dbDir);
  try {
    let botId: string;
    if (reuse) {
      const row = await t.db
        .selectFrom('search_bot_stats')
        .select(['bot_id', 'chunk_count'])
        .executeTakeFirstOrThrow();
      botId = row.bot_id;
      print(`reusing ${dbDir}: ${row.chunk_count} chunks`);
    } else {
      const bot = await createBot(t.db);
      botId = bot.botId;
      const rand = mulberry32(42);
      const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)] as T;
      const started = performance.now();
      let chunks = 0;
      let batch: { title: string; text: string; kind: 'text' }[] = [];
      for (let d = 0; chunks < TARGET_CHUNKS; d++) {
        const paragraphs: string[] = [];
        for (let p = 0; p < Math.min(CHUNKS_PER_DOC, TARGET_CHUNKS - chunks); p++) {
          let para = '';
          while (para.length < PARAGRAPH_CHARS) para += `${pick(sentences)} `;
          paragraphs.push(para.trim());
        }
        batch.push({ title: pick(titles), text: paragraphs.join('\n\n'), kind: 'text' });
        chunks += paragraphs.length;
        if (batch.length === BUILD_BATCH || chunks >= TARGET_CHUNKS) {
          await addDocuments(t.db, bot, batch);
          batch = [];
        }
        if (d % 1000 === 999)
          print(
            `  built ${chunks} chunks in ${((performance.now() - started) / 1000).toFixed(0)} s`,
          );
      }
      print(`built ${chunks} chunks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    // As after a training run: PGlite has no autovacuum (see vacuumSearchIndex).
    await vacuumSearchIndex(t.db);
    const n = await t.db
      .selectFrom('search_bot_stats')
      .select('chunk_count')
      .where('bot_id', '=', botId)
      .executeTakeFirstOrThrow();
    const measure = async (label: string, beforeEach: () => void) => {
      for (const q of queries.slice(0, WARMUP)) {
        beforeEach();
        await retrieve(t.db, { botId, query: q, limit: LIMIT });
      }
      const times: number[] = [];
      const cpu: number[] = [];
      for (const q of queries) {
        beforeEach();
        const start = performance.now();
        const cpuStart = process.cpuUsage();
        await retrieve(t.db, { botId, query: q, limit: LIMIT });
        const used = process.cpuUsage(cpuStart);
        times.push(performance.now() - start);
        cpu.push((used.user + used.system) / 1000);
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      const load = os.loadavg()[0]?.toFixed(1);
      print(
        `retrieve() on a bot of ${n.chunk_count} chunks, ${times.length} queries, limit ${LIMIT}, ${label}: ` +
          `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
          `max ${percentile(times, 100).toFixed(1)} ms (load average ${load} on ${os.cpus().length} cores)`,
      );
      // The database runs in this process, so its CPU time is the latency on an idle machine
      // (less socket hops): the figure to read when other work shares the cores.
      print(
        `  CPU time per query: p50 ${percentile(cpu, 50).toFixed(1)} ms, p95 ${percentile(cpu, 95).toFixed(1)} ms`,
      );
    };
    // Cold: every posting list read from the database, as on a server's first queries.
    await measure('postings cache emptied before each query', () => blockPostingsCache.clear());
    // Served: the cache as it fills with the terms queries use (bounded, see the cache).
    await measure('postings cache in use', () => {});
    const cached = blockPostingsCache.size;
    print(
      `  postings cache after the run: ${cached.entries} terms, ${(cached.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
  } finally {
    await t.close();
    if (!keep) rmSync(dbDir, { recursive: true, force: true });
  }
}
