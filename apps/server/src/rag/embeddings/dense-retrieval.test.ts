import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../../../test/helpers/fake-openai.ts';
import { synonymEmbedding } from '../../../test/helpers/synonym-embedding.ts';
import { loadEnv } from '../../config/env.ts';
import { createLogger, type Logger } from '../../lib/logger.ts';
import { addDocuments, createBot, openSearchTestDb } from '../../search/testing/search-db.ts';
import { createExtractiveEngine } from '../answer/extractive.ts';
import { llmFetch } from '../answer/index.ts';
import { DONT_KNOW_REPLY } from '../answer/replies.ts';
import { retrieve } from '../retrieve.ts';
import { backfillBot } from './chunk-embeddings.ts';
import { createDenseSearch } from './dense-search.ts';
import { createEmbeddingClient } from './embedding-client.ts';
import { enableEmbeddingStore, nearestChunks } from './embeddings.repo.ts';
import { openEmbeddings } from './index.ts';

const t = await openSearchTestDb(loadEnv().TEST_DATABASE_URL);
const hasPgvector = await enableEmbeddingStore(t.db);
afterAll(() => t.close());

/** A logger whose warnings the test can read. */
function recordingLogger(): { log: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const log = createLogger('silent');
  log.warn = ((...args: unknown[]) => {
    warnings.push(String(args.find((a) => typeof a === 'string')));
  }) as Logger['warn'];
  return { log, warnings };
}

const CAR = { title: 'Our vehicles', text: 'A car costs 20000 euros, delivered to your door.' };
const HOURS = { title: 'Opening hours', text: 'The showroom opens from nine to five on weekdays.' };
const RETURNS = { title: 'Returns', text: 'Bring anything back within thirty days for a refund.' };

describe.skipIf(!hasPgvector)('dense retrieval (needs pgvector; skipped without it)', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ embed: synonymEmbedding, embeddingDim: 256 });
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const clientFor = (model: string) =>
    createEmbeddingClient({ baseUrl: fake.url, model, fetch: llmFetch(fake.url) });
  const embedder = () => clientFor('fake-embed-1');

  async function trainedBot(docs = [CAR, HOURS, RETURNS]) {
    const bot = await createBot(t.db);
    await addDocuments(
      t.db,
      bot,
      docs.map((d) => ({ ...d, kind: 'text' as const })),
    );
    await backfillBot({ db: t.db, embedder: embedder() }, bot.botId);
    return bot;
  }

  async function storedModels(botId: string) {
    return t.db
      .selectFrom('chunk_embeddings')
      .select(['chunk_id', 'model'])
      .where('bot_id', '=', botId)
      .orderBy('chunk_id')
      .execute();
  }

  it('embeds each chunk once with its model, and all of them again for a new model', async () => {
    const bot = await trainedBot();
    const chunks = await t.db
      .selectFrom('chunks')
      .select('id')
      .where('bot_id', '=', bot.botId)
      .orderBy('id')
      .execute();
    const stored = await storedModels(bot.botId);
    expect(stored).toEqual(chunks.map((c) => ({ chunk_id: c.id, model: 'fake-embed-1' })));
    // What was embedded: the title with the text.
    expect(fake.embeddingCalls()[0]?.input).toContain(`${CAR.title}\n${CAR.text}`);

    fake.reset();
    expect(await backfillBot({ db: t.db, embedder: embedder() }, bot.botId)).toBe(0);
    expect(fake.embeddingCalls()).toHaveLength(0);

    const n = await backfillBot({ db: t.db, embedder: clientFor('fake-embed-2') }, bot.botId);
    expect(n).toBe(chunks.length);
    expect(await storedModels(bot.botId)).toEqual(
      chunks.map((c) => ({ chunk_id: c.id, model: 'fake-embed-2' })),
    );
  });

  it('also embeds chunks trained while it runs', async () => {
    const bot = await createBot(t.db);
    await addDocuments(t.db, bot, [{ ...CAR, kind: 'text' as const }]);
    const client = embedder();
    let trainedMeanwhile = false;
    // The first provider call comes back after another source of the bot was trained.
    const racing = {
      model: client.model,
      async embed(texts: string[]) {
        if (!trainedMeanwhile) {
          trainedMeanwhile = true;
          await addDocuments(t.db, bot, [{ ...HOURS, kind: 'text' as const }]);
        }
        return client.embed(texts);
      },
    };
    expect(await backfillBot({ db: t.db, embedder: racing }, bot.botId)).toBe(2);
    expect((await storedModels(bot.botId)).map((e) => e.model)).toEqual([
      'fake-embed-1',
      'fake-embed-1',
    ]);
  });

  it('finds a passage by meaning that shares no word with the question, and answers from it', async () => {
    const bot = await trainedBot();
    const { log } = recordingLogger();
    const dense = createDenseSearch({ embedder: embedder(), log });
    // No word of it is on the page, nor a word the lexical search takes for one (it searches
    // "cost" for a "price" the pages never say: search/alternative-words.ts).
    const query = 'Automobile expense?';
    expect(await retrieve(t.db, { botId: bot.botId, query })).toEqual([]);
    const hits = await retrieve(t.db, { botId: bot.botId, query, dense });
    expect(hits[0]?.title).toBe(CAR.title);
    expect(hits[0]?.similarity).toBeGreaterThan(0.5);

    const answer = async (question: string, passages: typeof hits) => {
      let text = '';
      const bot = { name: 'Bot', agentName: 'Ava', businessName: 'Acme', basePrompt: '' };
      for await (const ev of createExtractiveEngine().answer({
        bot,
        question,
        history: [],
        passages,
      })) {
        if (ev.type === 'token') text += ev.text;
      }
      return text;
    };
    expect(await answer(query, hits)).toContain('A car costs 20000 euros');
    // Nearest is not near: a question about nothing in the knowledge base is still not known.
    const zebra = await retrieve(t.db, { botId: bot.botId, query: 'zebra stripes', dense });
    expect(zebra.length).toBeGreaterThan(0);
    expect(zebra.every((h) => (h.similarity ?? 0) < 0.5)).toBe(true);
    expect(await answer('zebra stripes', zebra)).toBe(DONT_KNOW_REPLY);
  });

  it("never returns another bot's chunks", async () => {
    const mine = await trainedBot([HOURS, RETURNS]);
    // The other bot holds the passage nearest to the question.
    const theirs = await trainedBot([CAR]);
    const myChunks = new Set(
      (await t.db.selectFrom('chunks').select('id').where('bot_id', '=', mine.botId).execute()).map(
        (c) => c.id,
      ),
    );
    const { log } = recordingLogger();
    const dense = createDenseSearch({ embedder: embedder(), log });
    const query = 'automobile price';
    const hits = await retrieve(t.db, { botId: mine.botId, query, dense });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => myChunks.has(h.chunkId))).toBe(true);
    const vector = synonymEmbedding(query, 256);
    const near = await nearestChunks(t.db, mine.botId, 'fake-embed-1', vector, 10);
    expect(near.every((h) => myChunks.has(h.id))).toBe(true);
    const theirNear = await nearestChunks(t.db, theirs.botId, 'fake-embed-1', vector, 10);
    expect(theirNear[0]?.similarity).toBeGreaterThan(0.5);
    // Another model's vectors are not compared with this model's query.
    expect(await nearestChunks(t.db, theirs.botId, 'other-model', vector, 10)).toEqual([]);
  });

  it('falls back to lexical results when the provider fails, then leaves it alone a while', async () => {
    const bot = await trainedBot();
    const { log, warnings } = recordingLogger();
    const dense = createDenseSearch({ embedder: embedder(), log, cooldownMs: 60_000 });
    fake.failNext(503, 10);
    const hits = await retrieve(t.db, { botId: bot.botId, query: 'opening hours', dense });
    expect(hits[0]?.title).toBe(HOURS.title);
    expect(hits[0]?.similarity).toBeUndefined();
    expect(warnings).toHaveLength(1);
    const calls = fake.embeddingCalls().length;
    await retrieve(t.db, { botId: bot.botId, query: 'opening hours', dense });
    expect(fake.embeddingCalls()).toHaveLength(calls);
    expect(warnings).toHaveLength(1);
  });

  it('does not wait for a hanging provider beyond its timeout', async () => {
    const bot = await trainedBot();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    fake.setEmbed(async (text, dim) => {
      await held;
      return synonymEmbedding(text, dim);
    });
    const { log, warnings } = recordingLogger();
    const dense = createDenseSearch({ embedder: embedder(), log, timeoutMs: 200 });
    try {
      // Only the timeout can end the query embedding: its answer is held until the end.
      const hits = await retrieve(t.db, { botId: bot.botId, query: 'opening hours', dense });
      expect(hits[0]?.title).toBe(HOURS.title);
      expect(warnings).toHaveLength(1);
    } finally {
      release();
    }
  });
});

describe('setting up embeddings', () => {
  const env = loadEnv({
    EMBEDDING_BASE_URL: 'http://127.0.0.1:9/v1',
    EMBEDDING_MODEL: 'fake-embed-1',
  });

  it('is off without EMBEDDING_BASE_URL and EMBEDDING_MODEL', async () => {
    const { log, warnings } = recordingLogger();
    expect(await openEmbeddings(loadEnv({}), t.db, log)).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it.skipIf(!hasPgvector)('gives a client for the configured model with pgvector', async () => {
    const { log, warnings } = recordingLogger();
    expect((await openEmbeddings(env, t.db, log))?.model).toBe('fake-embed-1');
    expect(warnings).toEqual([]);
  });

  it.skipIf(hasPgvector)(
    'stays lexical, with one warning, on a PostgreSQL without pgvector',
    async () => {
      const { log, warnings } = recordingLogger();
      expect(await openEmbeddings(env, t.db, log)).toBeUndefined();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/pgvector/);
    },
  );
});
