import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BotIndexCache, type IndexView } from './bot-index-cache.ts';
import { compactBotIndex } from './lexical-index.ts';
import { lexicalSearchWithStats } from './lexical-search.ts';
import {
  documentChunkIds,
  indexGeneration,
  loadChunks,
  loadNeighbours,
  loadQueryData,
  type QueryData,
} from './search.repo.ts';
import { PENDING_DOCS_TO_MERGE } from './segment-merge.ts';
import { addDocuments, createBot } from './testing/search-db.ts';
import { useSearchTestDb } from './testing/use-search-test-db.ts';

const t = useSearchTestDb();

const TERMS = ['kettl', 'descal', 'warranti', 'zebra'];
const QUERY = 'how do I descale the kettle under warranty';

function documents(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    title: `Kettle manual ${from + i}`,
    text: [
      `Descale kettle number ${from + i} monthly.`,
      `The warranty covers kettle ${from + i} for two years. ${'Filler words here. '.repeat(60)}`,
      `Contact support about kettle ${from + i}. ${'More filler words. '.repeat(60)}`,
    ].join('\n\n'),
    kind: 'text' as const,
  }));
}

/** Statements sent to the database (both back ends speak through pg's Client) during `fn`. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
afterEach(() => {
  vi.restoreAllMocks();
});

const chunkIdsOf = async (botId: string) =>
  (
    await sql<{
      id: number;
    }>`SELECT id FROM chunks WHERE bot_id = ${botId}::uuid ORDER BY id`.execute(t.db)
  ).rows.map((r) => Number(r.id));

/** A query's index data in a form two reads can be compared by. */
const comparable = (data: QueryData) => ({
  stats: data.stats,
  generation: data.generation,
  dead: [...data.dead].map(([block, set]) => [block, [...set].sort()]).sort(),
  lists: data.lists.map((l) => `${l.term}/${l.blockId}/${l.postings.toString('hex')}`).sort(),
});

/** Everything a question reads, through a view; sorted where order carries no meaning. */
async function readAll(view: IndexView, ids: number[]) {
  const chunks = await view.chunks(ids);
  const data = await view.queryData(TERMS);
  return {
    ...comparable(data),
    chunks: chunks.map((c) => c.id).sort(),
    neighbours: (
      await view.neighbours(chunks.map((c) => ({ documentId: c.document_id, ordinal: c.ordinal })))
    )
      .map((n) => n.id)
      .sort(),
    siblings: (await view.siblings(ids.slice(0, 2))).sort(),
  };
}

/** The same, read straight from the database. */
async function readFresh(botId: string, ids: number[]) {
  const chunks = await loadChunks(t.db, botId, ids);
  const data = await loadQueryData(t.db, botId, TERMS);
  const around = chunks.map((c) => ({ documentId: c.document_id, ordinal: c.ordinal }));
  return {
    ...comparable(data),
    chunks: chunks.map((c) => c.id).sort(),
    neighbours: [...new Set((await loadNeighbours(t.db, botId, around)).map((n) => n.id))].sort(),
    siblings: [...new Set((await documentChunkIds(t.db, botId, ids.slice(0, 2))).values())]
      .flat()
      .sort(),
  };
}

describe('BotIndexCache', () => {
  it('serves a question what an earlier one read at the same generation, reading only that', async () => {
    const bot = await createBot(t.db);
    await addDocuments(t.db, bot, documents(0, 4));
    const ids = (await chunkIdsOf(bot.botId)).slice(0, 5);
    const cache = new BotIndexCache(1024 * 1024);

    const first = await readAll(await cache.open(t.db, bot.botId), ids);
    expect(first).toEqual(await readFresh(bot.botId, ids));
    expect(first.lists.length).toBeGreaterThan(0);
    expect(cache.size.bytes).toBeGreaterThan(0);

    let again: Awaited<ReturnType<typeof readAll>> | undefined;
    // One statement: the generation. With the generation known, none.
    expect(
      await statementsDuring(async () => {
        again = await readAll(await cache.open(t.db, bot.botId), ids);
      }),
    ).toBe(1);
    expect(again).toEqual(first);
    const generation = await indexGeneration(t.db, bot.botId);
    expect(
      await statementsDuring(() =>
        cache.open(t.db, bot.botId, generation).then((v) => readAll(v, ids)),
      ),
    ).toBe(0);
  });

  it('reads afresh once a document is indexed, deleted or its postings merged', async () => {
    const bot = await createBot(t.db);
    const docIds = await addDocuments(t.db, bot, documents(0, PENDING_DOCS_TO_MERGE));
    const cache = new BotIndexCache(1024 * 1024);
    const generations: (number | undefined)[] = [];
    const check = async () => {
      const ids = (await chunkIdsOf(bot.botId)).slice(0, 5);
      const cached = await readAll(await cache.open(t.db, bot.botId), ids);
      expect(cached).toEqual(await readFresh(bot.botId, ids));
      // Scoring with the postings it decoded before ranks as scoring afresh does, twice over.
      const fresh = await lexicalSearchWithStats(t.db, bot.botId, QUERY, 10);
      for (let i = 0; i < 2; i++) {
        const view = await cache.open(t.db, bot.botId);
        const ranked = await lexicalSearchWithStats(
          t.db,
          bot.botId,
          QUERY,
          10,
          undefined,
          undefined,
          view.queryData,
        );
        expect(ranked.hits).toEqual(fresh.hits);
        expect(ranked.idf).toEqual(fresh.idf);
      }
      generations.push(cached.generation);
      return cached;
    };
    const before = await check();

    await addDocuments(t.db, bot, documents(100, 1));
    const added = await check();
    expect(added.stats?.chunk_count).toBeGreaterThan(before.stats?.chunk_count ?? 0);

    await compactBotIndex(t.db, bot.botId);
    const merged = await check();
    expect(merged.lists.some((l) => !l.includes('/null/'))).toBe(true);

    // A deleted document's chunks are no longer served, though a view read them before.
    const [deleted] = await chunkIdsOf(bot.botId);
    await t.db
      .deleteFrom('documents')
      .where('id', '=', docIds[0] as string)
      .execute();
    const afterDelete = await check();
    expect(afterDelete.dead.length).toBeGreaterThan(0);
    const view = await cache.open(t.db, bot.botId);
    expect(await view.chunks([deleted as number])).toEqual([]);

    expect(new Set(generations).size).toBe(generations.length);
  });

  it('keeps nothing read inside a transaction', async () => {
    const bot = await createBot(t.db);
    await addDocuments(t.db, bot, documents(0, 2));
    const cache = new BotIndexCache(1024 * 1024);
    const ids = await chunkIdsOf(bot.botId);
    await t.db.transaction().execute(async (trx) => {
      const view = await cache.open(trx, bot.botId);
      await view.queryData(TERMS);
      expect((await view.chunks(ids)).length).toBe(ids.length);
    });
    expect(cache.size).toEqual({ bots: 0, bytes: 0 });
  });

  it('evicts the least recently used bots beyond its size', async () => {
    const bots = [await createBot(t.db), await createBot(t.db), await createBot(t.db)];
    for (const [i, bot] of bots.entries()) await addDocuments(t.db, bot, documents(i * 10, 2));
    const cache = new BotIndexCache(20_000);
    for (const bot of bots) {
      const view = await cache.open(t.db, bot.botId);
      await view.chunks(await chunkIdsOf(bot.botId));
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.size.bots).toBeLessThan(3);
    // The newest is kept, and served to nobody else.
    const last = bots[2] as { botId: string };
    const view = await cache.open(t.db, (bots[0] as { botId: string }).botId);
    expect(await view.chunks(await chunkIdsOf(last.botId))).toEqual([]);
  });
  it('reads a bot afresh once its questions alone outgrow the cache, until its index changes', async () => {
    const bot = await createBot(t.db);
    await addDocuments(t.db, bot, documents(0, 6));
    const ids = await chunkIdsOf(bot.botId);
    const cache = new BotIndexCache(20_000);
    await (await cache.open(t.db, bot.botId)).chunks(ids);
    expect(cache.size).toEqual({ bots: 0, bytes: 0 });
    // Served straight from the database, keeping nothing: every read is a statement again.
    const again = await cache.open(t.db, bot.botId, await indexGeneration(t.db, bot.botId));
    expect(await statementsDuring(() => again.chunks(ids.slice(0, 2)))).toBe(1);
    expect(await statementsDuring(() => again.chunks(ids.slice(0, 2)))).toBe(1);
    expect(cache.size.bots).toBe(0);
    // A new generation is given the cache again.
    await addDocuments(t.db, bot, documents(6, 1));
    const changed = await cache.open(t.db, bot.botId);
    await changed.chunks(ids.slice(0, 2));
    expect(await statementsDuring(() => changed.chunks(ids.slice(0, 2)))).toBe(0);
    expect(cache.size.bots).toBe(1);
  });

  it('reads a bot’s link index once per generation, even when the bot is too big for it', async () => {
    const bot = await createBot(t.db);
    const pages = documents(0, 6).map((d, i) => ({ ...d, url: `https://kettles.test/${i}` }));
    const link = { url: 'https://kettles.test/1', text: 'Descaling, explained.' };
    await addDocuments(t.db, bot, [...pages, { ...documents(6, 1)[0]!, links: [link] }]);
    const linked = async (view: IndexView) => (await view.links()).chunkIds.flat().length;

    const roomy = new BotIndexCache(10_000_000);
    const view = await roomy.open(t.db, bot.botId);
    expect(await linked(view)).toBeGreaterThan(0);
    expect(await statementsDuring(() => linked(view))).toBe(0);

    const small = new BotIndexCache(20_000);
    await (await small.open(t.db, bot.botId)).chunks(await chunkIdsOf(bot.botId));
    expect(small.size.bots).toBe(0);
    const generation = await indexGeneration(t.db, bot.botId);
    const first = await small.open(t.db, bot.botId, generation);
    expect(await statementsDuring(() => linked(first))).toBeGreaterThan(0);
    const next = await small.open(t.db, bot.botId, generation);
    expect(await statementsDuring(() => linked(next))).toBe(0);
  });
});
