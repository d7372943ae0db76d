import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeOpenAI,
  fakeEmbedding,
  startFakeOpenAI,
} from '../../../test/helpers/fake-openai.ts';
import { llmFetch } from '../answer/index.ts';
import { createEmbeddingClient } from './embedding-client.ts';

describe('embedding client (OpenAI-compatible /v1/embeddings)', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'sk-test', embeddingDim: 32 });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const client = (extra: { apiKey?: string; batchSize?: number } = {}) =>
    createEmbeddingClient({
      baseUrl: fake.url,
      apiKey: 'sk-test',
      model: 'embed-small',
      fetch: llmFetch(fake.url),
      ...extra,
    });

  it('embeds in batches, as floats, with the key, and keeps input order', async () => {
    const texts = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
    const vectors = await client({ batchSize: 3 }).embed(texts);
    expect(vectors).toHaveLength(7);
    for (const [i, v] of vectors.entries()) {
      const expected = fakeEmbedding(texts[i] as string, 32);
      for (const [j, x] of v.entries()) expect(x).toBeCloseTo(expected[j] as number, 6);
    }
    const calls = fake.embeddingCalls();
    expect(calls.map((c) => c.input)).toEqual([
      ['alpha', 'bravo', 'charlie'],
      ['delta', 'echo', 'foxtrot'],
      ['golf'],
    ]);
    expect(calls.every((c) => c.model === 'embed-small' && c.encoding_format === 'float')).toBe(
      true,
    );
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-test');
  });

  it('sends a blank input as a space, which providers accept', async () => {
    const [v] = await client().embed(['']);
    expect(v).toHaveLength(32);
    expect(fake.embeddingCalls()[0]?.input).toEqual([' ']);
  });

  it('throws on a wrong key, a server error and an unusable answer', async () => {
    await expect(client({ apiKey: 'sk-wrong' }).embed(['x'], { maxRetries: 0 })).rejects.toThrow(
      /401/,
    );
    fake.failNext(503, 5);
    await expect(client().embed(['x'], { maxRetries: 0 })).rejects.toThrow(/503/);
    fake.reset();
    fake.setEmbed((text, dim) => (text === 'odd' ? [] : fakeEmbedding(text, dim)));
    await expect(client().embed(['fine', 'odd'])).rejects.toThrow(/no usable vector/);
  });

  it('retries a transient failure', async () => {
    fake.failNext(500, 1);
    const vectors = await client().embed(['retry me'], { maxRetries: 1 });
    expect(vectors).toHaveLength(1);
    expect(fake.embeddingCalls()).toHaveLength(2);
  });

  it('gives up after its timeout when the provider hangs', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    fake.setEmbed(async (text, dim) => {
      await held;
      return fakeEmbedding(text, dim);
    });
    try {
      // The answer is held until the end of the test: only the timeout can end this call.
      await expect(client().embed(['slow'], { timeoutMs: 200, maxRetries: 0 })).rejects.toThrow();
    } finally {
      release();
    }
  });
});
