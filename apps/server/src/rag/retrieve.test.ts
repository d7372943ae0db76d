import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compactBotIndex, indexChunks } from '../search/lexical-index.ts';
import { vacuumSearchIndex } from '../search/search.repo.ts';
import { PENDING_DOCS_TO_MERGE } from '../search/segment-merge.ts';
import { addDocument, createBot } from '../search/testing/search-db.ts';
import { useSearchTestDb } from '../search/testing/use-search-test-db.ts';
import { retrieve } from './retrieve.ts';

const t = useSearchTestDb();

const CORPUS = [
  {
    title: 'Shipping',
    text: 'We ship orders worldwide. Delivery to Canada takes five to seven business days.',
  },
  { title: 'Returns', text: 'Items can be returned within 30 days of delivery for a full refund.' },
  {
    title: 'Warranty',
    text: 'Every kettle has a two year warranty covering defects in materials.',
  },
  {
    title: 'Kettle care',
    text: 'Descale the kettle monthly with vinegar. Never immerse the kettle base in water.',
  },
  { title: 'Company', text: 'Founded in 2010, we design kitchen appliances in Lisbon.' },
];

async function counts(botId: string) {
  const row = await sql<{ docs: number; postings: number; blocks: number; chunks: number }>`
    SELECT (SELECT count(*) FROM search_documents WHERE bot_id = ${botId}) AS docs,
           (SELECT count(*) FROM search_postings WHERE bot_id = ${botId}) AS postings,
           (SELECT count(*) FROM search_blocks WHERE bot_id = ${botId}) AS blocks,
           (SELECT coalesce(sum(chunk_count), 0) FROM search_bot_stats WHERE bot_id = ${botId}) AS chunks`.execute(
    t.db,
  );
  return row.rows[0] as { docs: number; postings: number; blocks: number; chunks: number };
}

describe('retrieve (lexical BM25F over the database)', () => {
  it('ranks the chunk that answers the query first, with its document title and URL', async () => {
    const bot = await createBot(t.db);
    for (const doc of CORPUS)
      await addDocument(t.db, bot, {
        ...doc,
        kind: 'text',
        url: `https://example.test/${doc.title}`,
      });
    const hits = await retrieve(t.db, {
      botId: bot.botId,
      query: 'How long does delivery to Canada take?',
      limit: 3,
    });
    expect(hits[0]?.title).toBe('Shipping');
    expect(hits[0]?.url).toBe('https://example.test/Shipping');
    expect(hits[0]?.text).toContain('five to seven business days');
    // Stemming: "descaling kettles" meets "Descale the kettle".
    const care = await retrieve(t.db, { botId: bot.botId, query: 'descaling kettles', limit: 3 });
    expect(care[0]?.title).toBe('Kettle care');
    // A title match counts: "warranty" is in Warranty's title and text.
    const warranty = await retrieve(t.db, { botId: bot.botId, query: 'warranty', limit: 5 });
    expect(warranty.map((h) => h.title)).toEqual(['Warranty']);
    expect(await retrieve(t.db, { botId: bot.botId, query: 'the of and', limit: 5 })).toEqual([]);
    expect(await retrieve(t.db, { botId: bot.botId, query: 'zebra', limit: 5 })).toEqual([]);
  });

  it('finds a page that spells a phrasal verb apart for a question naming the compound', async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Returns',
      text: 'To return a rental bike, lock it at the station where it was checked out.',
      kind: 'text',
    });
    await addDocument(t.db, bot, {
      title: 'Stations',
      text: 'A rental bike can be returned to any station of the city network.',
      kind: 'text',
    });
    const hits = await retrieve(t.db, {
      botId: bot.botId,
      query: 'Must the rental bike go back to its checkout station?',
      limit: 2,
    });
    expect(hits[0]?.title).toBe('Returns');
  });

  it('follows BM25: rarer terms weigh more, and repeated terms saturate', async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'a',
      text: 'apple apple apple apple apple apple banana',
      kind: 'text',
    });
    await addDocument(t.db, bot, { title: 'b', text: 'apple cherry', kind: 'text' });
    await addDocument(t.db, bot, { title: 'c', text: 'apple banana', kind: 'text' });
    await addDocument(t.db, bot, { title: 'd', text: 'banana split', kind: 'text' });
    // "cherry" (df 1) outweighs many "apple"s (df 3).
    const hits = await retrieve(t.db, { botId: bot.botId, query: 'apple cherry', limit: 4 });
    expect(hits.map((h) => h.title)).toEqual(['b', 'a', 'c']);
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? Infinity);
  });

  it("lets a customer's everyday words count less than the knowledge base's own", async () => {
    const bot = await createBot(t.db);
    // A shop's catalogue, "kettle" in every page.
    for (let i = 0; i < 120; i++)
      await addDocument(t.db, bot, {
        title: `Model ${i}`,
        text: `Model ${i} is a steel kettle of ${1 + (i % 3)} litres, in ${i % 7} colours.`,
        kind: 'text',
      });
    const pages = {
      Signals: 'A long beep means the kettle base is dry.',
      Timer: 'The timer gives a beep when the tea is ready.',
      'Night mode': 'Night mode turns the beep off.',
      'Gift messages': 'Nothing goes wrong with a gift message.',
    };
    for (const [title, text] of Object.entries(pages))
      await addDocument(t.db, bot, { title, text, kind: 'text' });
    // "wrong" is in one chunk of 124 and "beep" in three, so BM25 alone puts the gift message
    // first; but speech says "wrong" everywhere, and this knowledge base hardly ever.
    const hits = await retrieve(t.db, {
      botId: bot.botId,
      query: 'What is wrong when my kettle makes a beep?',
      limit: 4,
    });
    expect(
      hits
        .map((h) => h.title)
        .slice(0, 3)
        .sort(),
    ).toEqual(['Night mode', 'Signals', 'Timer']);
    expect(hits[3]?.title).toBe('Gift messages');
  });

  it("marks the words nearly every chunk holds, the site's name, as site-wide", async () => {
    const bot = await createBot(t.db);
    for (const { title, text } of CORPUS) {
      await addDocument(t.db, bot, { title: `${title} | Kettle Company`, text, kind: 'web' });
    }
    const [best] = await retrieve(t.db, {
      botId: bot.botId,
      query: 'Does a kettle company ship to Canada?',
    });
    expect(best?.title).toBe('Shipping | Kettle Company');
    expect([...(best?.siteWide ?? [])].sort()).toEqual(['compani', 'kettl']);
  });

  it('never returns another bot’s chunks', async () => {
    const mine = await createBot(t.db);
    const theirs = await createBot(t.db);
    await addDocument(t.db, mine, {
      title: 'Mine',
      text: 'Our opening hours are nine to five.',
      kind: 'text',
    });
    await addDocument(t.db, theirs, {
      title: 'Theirs',
      text: 'Secret opening hours: always open.',
      kind: 'text',
    });
    const hits = await retrieve(t.db, {
      botId: mine.botId,
      query: 'secret opening hours',
      limit: 10,
    });
    expect(hits.map((h) => h.title)).toEqual(['Mine']);
  });

  it('puts a closely matching Q&A question first and reports the match', async () => {
    const bot = await createBot(t.db);
    for (const doc of CORPUS) await addDocument(t.db, bot, { ...doc, kind: 'text' });
    await addDocument(t.db, bot, {
      title: 'FAQ',
      text: '',
      kind: 'qa',
      question: 'Can I get a refund?',
      answer: 'Yes, email us.',
    });
    const hits = await retrieve(t.db, {
      botId: bot.botId,
      query: 'how do I get a refund',
      limit: 3,
    });
    expect(hits[0]?.question).toBe('Can I get a refund?');
    expect(hits[0]?.text).toBe('Yes, email us.');
    expect(hits[0]?.questionMatch).toBe(1);
    expect(hits.find((h) => h.title === 'Returns')?.questionMatch).toBe(0);
  });

  it('removes a deleted document’s postings and statistics (cascade)', async () => {
    const bot = await createBot(t.db);
    const ids = [];
    for (const doc of CORPUS) ids.push(await addDocument(t.db, bot, { ...doc, kind: 'text' }));
    const before = await counts(bot.botId);
    await t.db
      .deleteFrom('documents')
      .where('id', '=', ids[3] as string)
      .execute();
    const after = await counts(bot.botId);
    expect(after.docs).toBe(before.docs - 1);
    expect(after.postings).toBeLessThan(before.postings);
    expect(after.chunks).toBe(before.chunks - 1);
    expect(
      await retrieve(t.db, { botId: bot.botId, query: 'descale kettle vinegar', limit: 5 }),
    ).not.toContainEqual(expect.objectContaining({ title: 'Kettle care' }));
  });

  it('re-indexing a document replaces its postings instead of adding to them', async () => {
    const bot = await createBot(t.db);
    const docId = await addDocument(t.db, bot, {
      title: 'Hours',
      text: 'Open on Sundays.',
      kind: 'text',
    });
    const chunk = await t.db
      .selectFrom('chunks')
      .select('id')
      .where('document_id', '=', docId)
      .executeTakeFirstOrThrow();
    const before = await counts(bot.botId);
    const first = await retrieve(t.db, { botId: bot.botId, query: 'sundays', limit: 5 });
    for (let i = 0; i < 3; i++) {
      await indexChunks(t.db, {
        botId: bot.botId,
        documentId: docId,
        title: 'Hours',
        chunks: [{ id: chunk.id, text: 'Open on Sundays.', heading: null, question: null }],
      });
    }
    expect(await counts(bot.botId)).toEqual(before);
    expect(await retrieve(t.db, { botId: bot.botId, query: 'sundays', limit: 5 })).toEqual(first);
  });

  it('gives the same results after merging segments, and masks documents deleted after a merge', async () => {
    const bot = await createBot(t.db);
    const ids: string[] = [];
    const n = PENDING_DOCS_TO_MERGE * 2 + 3;
    for (let i = 0; i < n; i++) {
      ids.push(
        await addDocument(t.db, bot, {
          title: `Doc ${i}`,
          text: `Topic${i} shared words appear here ${'filler '.repeat(i % 5)}`,
          kind: 'text',
        }),
      );
    }
    const merged = await counts(bot.botId);
    expect(merged.blocks).toBeGreaterThan(0);
    expect(merged.docs).toBe(n);
    const all = await retrieve(t.db, {
      botId: bot.botId,
      query: 'shared words topic7',
      limit: 100,
    });
    expect(all).toHaveLength(n);
    expect(all[0]?.title).toBe('Doc 7');

    await compactBotIndex(t.db, bot.botId);
    await vacuumSearchIndex(t.db);
    expect((await counts(bot.botId)).postings).toBe(0);
    expect(
      await retrieve(t.db, { botId: bot.botId, query: 'shared words topic7', limit: 100 }),
    ).toEqual(all);

    // Doc 7 now lives in a merged block: deleting it must still hide it and fix the stats.
    await t.db
      .deleteFrom('documents')
      .where('id', '=', ids[7] as string)
      .execute();
    const afterDelete = await retrieve(t.db, {
      botId: bot.botId,
      query: 'shared words topic7',
      limit: 100,
    });
    expect(afterDelete).toHaveLength(n - 1);
    expect(afterDelete.map((h) => h.title)).not.toContain('Doc 7');
    expect((await counts(bot.botId)).chunks).toBe(n - 1);

    // Re-indexing a merged document with the same chunk ids keeps exactly one copy.
    const doc3 = await t.db
      .selectFrom('chunks')
      .select(['id', 'text'])
      .where('document_id', '=', ids[3] as string)
      .executeTakeFirstOrThrow();
    await indexChunks(t.db, {
      botId: bot.botId,
      documentId: ids[3] as string,
      title: 'Doc 3',
      chunks: [{ id: doc3.id, text: doc3.text, heading: null, question: null }],
    });
    const again = await retrieve(t.db, { botId: bot.botId, query: 'topic3', limit: 10 });
    expect(again.map((h) => h.title)).toEqual(['Doc 3']);
    await compactBotIndex(t.db, bot.botId);
    expect(
      (await retrieve(t.db, { botId: bot.botId, query: 'topic3', limit: 10 })).map((h) => h.title),
    ).toEqual(['Doc 3']);
  });

  it('deleting the bot removes all of its index', async () => {
    const bot = await createBot(t.db);
    for (let i = 0; i < PENDING_DOCS_TO_MERGE + 2; i++)
      await addDocument(t.db, bot, { title: `D${i}`, text: `text number ${i}`, kind: 'text' });
    await t.db
      .deleteFrom('documents')
      .where('bot_id', '=', bot.botId)
      .where('title', '=', 'D1')
      .execute();
    await t.db.deleteFrom('bots').where('id', '=', bot.botId).execute();
    const left = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM search_documents WHERE bot_id = ${bot.botId})
           + (SELECT count(*) FROM search_postings WHERE bot_id = ${bot.botId})
           + (SELECT count(*) FROM search_blocks WHERE bot_id = ${bot.botId})
           + (SELECT count(*) FROM search_tombstones WHERE bot_id = ${bot.botId})
           + (SELECT count(*) FROM search_block_list WHERE bot_id = ${bot.botId})
           + (SELECT count(*) FROM search_bot_stats WHERE bot_id = ${bot.botId}) AS n`.execute(
      t.db,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
