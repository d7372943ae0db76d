import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers/app.ts';
import { startFakeOpenAI } from '../../../test/helpers/fake-openai.ts';
import { call, startWorker, trainText } from '../../../test/helpers/knowledge.ts';
import { synonymEmbedding } from '../../../test/helpers/synonym-embedding.ts';
import { createSignedInUser, type SignedIn } from '../../../test/helpers/users.ts';
import { DONT_KNOW_REPLY } from '../../rag/answer/replies.ts';
import { createEmbeddingClient } from '../../rag/embeddings/embedding-client.ts';
import { requeueMissingEmbeddings } from './embed-bot.job.ts';

/** Training and chatting through the real app with an embedding provider configured. */
const fake = await startFakeOpenAI({ embed: synonymEmbedding, embeddingDim: 256 });
const t = await createTestApp({ EMBEDDING_BASE_URL: fake.url, EMBEDDING_MODEL: 'fake-embed-1' });
await startWorker(t);
const dense = t.runtime.ctx.embedder !== undefined;
// Platinum: each test trains a bot of its own.
const alice: SignedIn = await createSignedInUser(t.runtime.ctx, { plan: 'platinum' });
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const CAR = { title: 'Our vehicles', content: 'A car costs 20000 euros, delivered to your door.' };
const HOURS = { title: 'Opening hours', content: 'The showroom opens from nine to five.' };
const RETURNS = { title: 'Returns', content: 'Bring anything back within thirty days.' };

const ask = async (botId: string, question: string): Promise<string> => {
  const res = await call(t, alice, 'POST', '/api/ai/chat', {
    bot_id: botId,
    question,
    chat_memory: [],
    session_id: 'tab-1',
    conversation_id: null,
  });
  expect(res.status).toBe(200);
  return res.body.response.answer;
};

const db = () => t.runtime.ctx.db;
const chunkIds = async (botId: string) =>
  (
    await db().selectFrom('chunks').select('id').where('bot_id', '=', botId).orderBy('id').execute()
  ).map((r) => r.id);
const embeddings = (botId: string) =>
  db()
    .selectFrom('chunk_embeddings')
    .select(['chunk_id', 'model'])
    .where('bot_id', '=', botId)
    .orderBy('chunk_id')
    .execute();

describe.skipIf(!dense)('with embeddings (needs pgvector; skipped without it)', () => {
  it('embeds every chunk while training, in batches, and drops them with their source', async () => {
    const { botId } = await trainText(t, alice, [CAR, HOURS, RETURNS]);
    const ids = await chunkIds(botId);
    expect(ids).toHaveLength(3);
    expect(await embeddings(botId)).toEqual(
      ids.map((id) => ({ chunk_id: id, model: 'fake-embed-1' })),
    );
    // One batch, one request; the catch-up after training found nothing left to do.
    expect(fake.embeddingCalls()).toHaveLength(1);

    const removed = await call(t, alice, 'POST', '/api/source/data-remove', {
      bot_id: botId,
      title: 'Returns',
    });
    expect(removed.status).toBe(200);
    const left = await chunkIds(botId);
    expect(left).toHaveLength(2);
    expect((await embeddings(botId)).map((e) => e.chunk_id)).toEqual(left);
  });

  it('answers a question that shares no word with the knowledge, embedding it once', async () => {
    const { botId } = await trainText(t, alice, [CAR, HOURS]);
    fake.reset();
    const answer = await ask(botId, 'Automobile price?');
    expect(answer).not.toBe(DONT_KNOW_REPLY);
    expect(answer).toContain('A car costs 20000 euros');
    expect(fake.embeddingCalls().map((c) => c.input)).toEqual([['Automobile price?']]);
    expect(await ask(botId, 'zebra stripes')).toBe(DONT_KNOW_REPLY);
  });

  it('trains although embedding fails, catches up afterwards, and re-embeds for a new model', async () => {
    // The first request and its retries fail: the run's embedding gives up, training goes on.
    fake.failNext(503, 3);
    const { botId } = await trainText(t, alice, [CAR, HOURS, RETURNS]);
    const ids = await chunkIds(botId);
    expect(ids).toHaveLength(3);
    // The catch-up job queued when the source was trained embedded them.
    expect((await embeddings(botId)).map((e) => e.chunk_id)).toEqual(ids);

    const ctx = t.runtime.ctx;
    const original = ctx.embedder;
    ctx.embedder = createEmbeddingClient({ baseUrl: fake.url, model: 'fake-embed-2' });
    try {
      expect(await requeueMissingEmbeddings(ctx)).toBeGreaterThanOrEqual(1);
      await ctx.jobs.whenIdle(30_000);
      expect(await embeddings(botId)).toEqual(
        ids.map((id) => ({ chunk_id: id, model: 'fake-embed-2' })),
      );
      expect(await requeueMissingEmbeddings(ctx)).toBe(0);
    } finally {
      ctx.embedder = original;
    }
  });

  // Last: after a failure the app leaves the provider alone for a while.
  it('answers from lexical search while the provider is down', async () => {
    const { botId } = await trainText(t, alice, [CAR, HOURS]);
    fake.failNext(503, 100);
    expect(await ask(botId, 'When does the showroom open?')).toContain('nine to five');
  });
});

describe.skipIf(dense)('embeddings configured on a PostgreSQL without pgvector', () => {
  it('trains and answers lexically without calling the provider', async () => {
    const { botId } = await trainText(t, alice, [CAR, HOURS]);
    expect(await chunkIds(botId)).toHaveLength(2);
    expect(await ask(botId, 'When does the showroom open?')).toContain('nine to five');
    expect(fake.embeddingCalls()).toHaveLength(0);
  });
});
