import { readFileSync } from 'node:fs';
import { openSearchTestDb } from './src/search/testing/search-db.ts';
import { loadBotStats, loadPostings, loadChunks, loadTombstones } from './src/search/search.repo.ts';
import { scoreBm25, topK } from './src/search/bm25.ts';
import { queryTerms } from './src/search/lexical-search.ts';
import { retrieve } from './src/rag/retrieve.ts';
import { sql } from 'kysely';
const queries = readFileSync('/work/shared/fixtures/beir-scifact/queries.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).text);
const t = await openSearchTestDb(undefined, process.env.DIR!);
const { bot_id: botId } = await t.db.selectFrom('search_bot_stats').select('bot_id').executeTakeFirstOrThrow();
const acc: Record<string, number> = {};
const time = async <T,>(k: string, f: () => Promise<T> | T): Promise<T> => { const c = process.cpuUsage(); const r = await f(); const u = process.cpuUsage(c); acc[k] = (acc[k] ?? 0) + (u.user + u.system) / 1000; return r; };
let bytes = 0, rows = 0;
const Q = queries.slice(0, 300);
for (const q of Q) {
  const terms = queryTerms(q);
  const st = await time('stats', () => loadBotStats(t.db, botId));
  const lists = await time('postings', () => loadPostings(t.db, botId, [...terms.keys()]));
  rows += lists.length; bytes += lists.reduce((s, l) => s + l.postings.length, 0);
  const dead = await time('tomb', () => loadTombstones(t.db, botId));
  const top = await time('score', () => topK(scoreBm25(terms, lists, st!, undefined, dead), 30));
  await time('chunks', () => loadChunks(t.db, botId, top.map((h) => h.id)));
  await time('noop', () => sql`select 1`.execute(t.db));
  await time('retrieve', () => retrieve(t.db, { botId, query: q, limit: 8 }));
}
console.log(Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, (v / Q.length).toFixed(2)])), 'rows/q', rows / Q.length, 'bytes/q', bytes / Q.length);
const ex = await sql<any>`EXPLAIN ANALYZE SELECT term, block_id, postings FROM search_blocks WHERE bot_id = ${botId}::uuid AND term = ANY(${['cell', 'cancer', 'patient']}::text[]) UNION ALL SELECT term, NULL, string_agg(postings, ''::bytea) FROM search_postings WHERE bot_id = ${botId}::uuid AND term = ANY(${['cell', 'cancer']}::text[]) GROUP BY term`.execute(t.db);
console.log(ex.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
await t.close();
