import { describe, expect, it } from 'vitest';
import { BlockPostingsCache } from './block-postings-cache.ts';
import { compactBotIndex } from './lexical-index.ts';
import { decodePostings } from './postings-codec.ts';
import { loadQueryData } from './search.repo.ts';
import { MERGE_FACTOR, PENDING_DOCS_TO_MERGE } from './segment-merge.ts';
import { addDocuments, createBot } from './testing/search-db.ts';
import { useSearchTestDb } from './testing/use-search-test-db.ts';

const t = useSearchTestDb();

const TERMS = ['kettl', 'descal', 'warranti', 'zebra'];

/** Lists in a comparable form: block lists sorted by block, pending ones last. */
function comparable(data: Awaited<ReturnType<typeof loadQueryData>>) {
  return {
    stats: data.stats,
    dead: [...data.dead].map(([block, ids]) => [block, [...ids].sort()]).sort(),
    lists: data.lists
      .map((l) => `${l.term}/${l.blockId ?? 'pending'}/${Buffer.from(l.postings).toString('hex')}`)
      .sort(),
  };
}

function documents(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    title: `Kettle manual ${from + i}`,
    text: `Descale kettle number ${from + i} monthly. The warranty covers kettle ${from + i}.`,
    kind: 'text' as const,
  }));
}

describe('loadQueryData with the block postings cache', () => {
  it('reads exactly what an uncached query reads, through merges and deletions', async () => {
    const bot = await createBot(t.db);
    const cache = new BlockPostingsCache(1024 * 1024);
    const check = async () => {
      const cached = await loadQueryData(t.db, bot.botId, TERMS, cache);
      const fresh = await loadQueryData(t.db, bot.botId, TERMS);
      expect(comparable(cached)).toEqual(comparable(fresh));
      return cached;
    };
    const ids = await addDocuments(t.db, bot, documents(0, PENDING_DOCS_TO_MERGE * 2));
    await compactBotIndex(t.db, bot.botId);
    const first = await check();
    expect(first.lists.some((l) => l.blockId !== null)).toBe(true);
    expect(cache.blocks(bot.botId, 'kettl')?.size).toBeGreaterThan(0);
    // Served from the cache now, and still the same.
    await check();
    // The database does not send cached blocks again: a marker put in the cache comes back.
    const marker = Buffer.from('cached');
    const kettle = cache.blocks(bot.botId, 'kettl') as Map<number, Buffer>;
    const [someBlock] = [...kettle.keys()];
    cache.set(bot.botId, 'kettl', new Map([...kettle, [someBlock as number, marker]]));
    const served = await loadQueryData(t.db, bot.botId, ['kettl'], cache);
    expect(served.lists.find((l) => l.blockId === someBlock)?.postings).toBe(marker);
    cache.set(bot.botId, 'kettl', kettle);
    // A deleted document is masked by tombstones, which are never cached.
    await t.db
      .deleteFrom('documents')
      .where('id', '=', ids[0] as string)
      .execute();
    const afterDelete = await check();
    expect(afterDelete.dead.size).toBeGreaterThan(0);
    // New documents, then a merge that rewrites the blocks: the cache follows the new blocks.
    await addDocuments(t.db, bot, documents(100, PENDING_DOCS_TO_MERGE * 3));
    await check();
    await compactBotIndex(t.db, bot.botId);
    const merged = await check();
    const blockIds = new Set(merged.lists.flatMap((l) => (l.blockId === null ? [] : [l.blockId])));
    expect([...(cache.blocks(bot.botId, 'kettl')?.keys() ?? [])].sort()).toEqual(
      [...blockIds].sort(),
    );
  });

  it('purges a deleted document from the blocks a merge rewrites', async () => {
    const bot = await createBot(t.db);
    const [deleted] = await addDocuments(t.db, bot, documents(0, PENDING_DOCS_TO_MERGE));
    await t.db
      .deleteFrom('documents')
      .where('id', '=', deleted as string)
      .execute();
    expect((await loadQueryData(t.db, bot.botId, ['kettl'])).dead.size).toBe(1);
    // Enough blocks of the first level for them to be merged into one of the next.
    for (let i = 1; i < MERGE_FACTOR; i++) {
      await addDocuments(t.db, bot, documents(i * 100, PENDING_DOCS_TO_MERGE));
    }
    const merged = await loadQueryData(t.db, bot.botId, ['kettl']);
    expect(merged.dead.size).toBe(0);
    const chunks: number[] = [];
    for (const list of merged.lists)
      decodePostings(list.postings, (chunkId) => chunks.push(chunkId));
    const live = await t.db
      .selectFrom('chunks')
      .select('id')
      .where('bot_id', '=', bot.botId)
      .execute();
    expect(chunks.sort((a, b) => a - b)).toEqual(
      live.map((c) => Number(c.id)).sort((a, b) => a - b),
    );
    expect(chunks).toHaveLength(MERGE_FACTOR * PENDING_DOCS_TO_MERGE - 1);
  });

  it("never serves one bot's cached postings to another", async () => {
    const a = await createBot(t.db);
    const b = await createBot(t.db);
    const cache = new BlockPostingsCache(1024 * 1024);
    await addDocuments(t.db, a, documents(0, PENDING_DOCS_TO_MERGE));
    await compactBotIndex(t.db, a.botId);
    await loadQueryData(t.db, a.botId, TERMS, cache);
    const other = await loadQueryData(t.db, b.botId, TERMS, cache);
    expect(other.lists).toEqual([]);
  });
});
