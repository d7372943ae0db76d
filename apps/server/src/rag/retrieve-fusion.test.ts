import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.ts';
import {
  addDocuments,
  createBot,
  openSearchTestDb,
  type SearchTestDb,
} from '../search/testing/search-db.ts';
import type { DenseSearch } from './embeddings/dense-search.ts';
import { retrieve } from './retrieve.ts';

/**
 * Fusion of lexical and dense candidates, with the dense side stubbed so the ranks are exact
 * (the real dense search is tested in embeddings/dense-retrieval.test.ts, on pgvector).
 */
let t: SearchTestDb;
let botId: string;
let otherChunk: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await openSearchTestDb(loadEnv().TEST_DATABASE_URL);
  const bot = await createBot(t.db);
  botId = bot.botId;
  await addDocuments(t.db, bot, [
    {
      title: 'Warranty',
      kind: 'text',
      text: 'Warranty terms: every frame has a lifetime warranty. Send warranty claims by mail.',
    },
    { title: 'Repairs', kind: 'text', text: 'Repairs under warranty cost nothing at all.' },
    { title: 'Workshop', kind: 'text', text: 'Broken bikes are fixed in our own workshop.' },
    {
      title: 'Do you offer a warranty?',
      kind: 'qa',
      question: 'Do you offer a warranty?',
      text: 'Yes, for life.',
    },
  ]);
  const rows = await t.db
    .selectFrom('chunks')
    .innerJoin('documents', 'documents.id', 'chunks.document_id')
    .select(['chunks.id', 'documents.title'])
    .where('chunks.bot_id', '=', botId)
    .execute();
  for (const r of rows) ids[r.title] = r.id;
  const other = await createBot(t.db);
  await addDocuments(t.db, other, [
    { title: 'Elsewhere', kind: 'text', text: 'Warranty elsewhere.' },
  ]);
  otherChunk = (
    await t.db
      .selectFrom('chunks')
      .select('id')
      .where('bot_id', '=', other.botId)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

/** A dense side that returns these chunk ids, nearest first, and records its calls. */
function stub(order: number[]): DenseSearch & { calls: number } {
  const fn = Object.assign(
    async () => {
      fn.calls++;
      return order.map((id, i) => ({ id, similarity: 0.9 - i * 0.1 }));
    },
    { calls: 0 },
  );
  return fn;
}

describe('retrieve with dense candidates (reciprocal-rank fusion)', () => {
  it('ranks a chunk found by both lists above those found by one', async () => {
    const lexical = (await retrieve(t.db, { botId, query: 'warranty terms' })).map(
      (h) => h.chunkId,
    );
    expect(lexical[0]).toBe(ids.Warranty);
    expect(lexical).not.toContain(ids.Workshop);
    // Dense: the workshop first (no shared word), then the lexical list's last chunk.
    const last = lexical.at(-1) as number;
    const dense = stub([ids.Workshop as number, last]);
    const fused = await retrieve(t.db, { botId, query: 'warranty terms', dense });
    expect(dense.calls).toBe(1);
    expect(fused[0]?.chunkId).toBe(last);
    expect(fused[0]?.similarity).toBeCloseTo(0.8);
    // Then the two found by one list at rank 1 each (a tie, broken by chunk id).
    expect(fused.slice(1, 3).map((h) => h.chunkId)).toEqual(
      [ids.Warranty as number, ids.Workshop as number].sort((a, b) => a - b),
    );
    const workshop = fused.find((h) => h.chunkId === ids.Workshop);
    expect(workshop?.title).toBe('Workshop');
    expect(workshop?.similarity).toBeCloseTo(0.9);
    expect(fused.find((h) => h.chunkId === ids.Warranty)?.similarity).toBeUndefined();
  });

  it('still puts a closely matching Q&A question first', async () => {
    const dense = stub([ids.Workshop as number, ids.Repairs as number]);
    const hits = await retrieve(t.db, { botId, query: 'Do you offer a warranty?', dense });
    expect(hits[0]?.question).toBe('Do you offer a warranty?');
  });

  it('answers from dense candidates alone when no word matches, never with another bot’s', async () => {
    const dense = stub([otherChunk, ids.Workshop as number]);
    const hits = await retrieve(t.db, { botId, query: 'mechanic', dense });
    expect(hits.map((h) => h.chunkId)).toEqual([ids.Workshop]);
  });

  it('respects the limit over the fused list', async () => {
    const dense = stub([ids.Workshop as number, ids.Repairs as number]);
    const hits = await retrieve(t.db, { botId, query: 'warranty', dense, limit: 2 });
    expect(hits).toHaveLength(2);
    expect(await retrieve(t.db, { botId, query: 'warranty', dense, limit: 0 })).toEqual([]);
  });
});
