import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import type { Passage } from '../../rag/answer/index.ts';
import type { Retrieve } from './chat.service.ts';
import { searchTurn, type TurnSearchDeps } from './turn-search.ts';

/**
 * How a turn is searched when the engine asks its model for search words: the words are
 * waited for unless a stored Q&A pair already answers the question as asked.
 */
const qaPair: Passage = {
  chunkId: 1,
  documentId: 'faq',
  score: 1,
  heading: null,
  question: 'How long is the warranty on frames?',
  title: 'FAQ',
  url: null,
  text: 'Frames are under warranty for ten years.',
};
const page: Passage = { ...qaPair, chunkId: 2, documentId: 'page', question: null };

/** Records each retrieval and answers with the given passages. */
function recorder(passages: Passage[]) {
  const calls: Parameters<Retrieve>[1][] = [];
  const retrieve: Retrieve = async (_db, q) => {
    calls.push(q);
    return passages;
  };
  return { calls, retrieve };
}

/** A model whose search words come only when released, or when the call is abandoned. */
function heldWords() {
  let release: (words: string) => void = () => {};
  const state = { abandoned: false };
  const searchTerms = (_q: string, _h: unknown, signal: AbortSignal) =>
    new Promise<string | null>((resolve, reject) => {
      release = resolve;
      signal.addEventListener('abort', () => {
        state.abandoned = true;
        reject(signal.reason);
      });
    });
  return { searchTerms, state, release: (words: string) => release(words) };
}

const deps = (retrieve: Retrieve, engine: TurnSearchDeps['engine']): TurnSearchDeps => ({
  db: undefined as never,
  log: createLogger('silent'),
  engine,
  retrieve,
});
const args = (question: string) => ({
  botId: 'bot',
  generation: 3,
  question,
  history: [],
  limit: 16,
  // Longer than the test may run: a turn that waited for the words would never finish.
  timeoutMs: 60_000,
});

describe('a turn searched with the model’s words', () => {
  it('answers a stored Q&A pair without waiting for the words, abandoning the call', async () => {
    const { calls, retrieve } = recorder([qaPair, page]);
    const model = heldWords();
    const { search, passages } = await searchTurn(
      deps(retrieve, { searchTerms: model.searchTerms }),
      args('How long is the warranty on frames?'),
    );
    expect(search).toEqual({ question: 'How long is the warranty on frames?' });
    expect(passages[0]).toBe(qaPair);
    expect(model.state.abandoned).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ botId: 'bot', generation: 3, limit: 16 });
  });

  it('otherwise waits for the words and searches with them', async () => {
    const { calls, retrieve } = recorder([page]);
    const model = heldWords();
    const turn = searchTurn(
      deps(retrieve, { searchTerms: model.searchTerms }),
      args('Is my bike covered?'),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(1);
    model.release('warranty frame guarantee');
    const { search } = await turn;
    expect(search.carried?.terms).toEqual(['warranti', 'frame', 'guarante']);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.carried).toEqual(search.carried);
    expect(model.state.abandoned).toBe(false);
  });

  it('searches once when no words come, and once without a model asked for them', async () => {
    const failing = recorder([page]);
    await searchTurn(
      deps(failing.retrieve, { searchTerms: async () => null }),
      args('Is my bike covered?'),
    );
    expect(failing.calls).toHaveLength(1);
    const extractive = recorder([page]);
    await searchTurn(deps(extractive.retrieve, {}), args('Is my bike covered?'));
    expect(extractive.calls).toHaveLength(1);
  });
});
