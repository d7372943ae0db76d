import { describe, expect, it } from 'vitest';
import { idf, scoreBm25 } from './bm25.ts';
import { encodePostings } from './postings-codec.ts';
import { topK } from './top-k.ts';

const stats = {
  chunk_count: 4,
  body_len: 40,
  body_n: 4,
  title_len: 8,
  title_n: 4,
  heading_len: 0,
  heading_n: 0,
  question_len: 0,
  question_n: 0,
};

function lists(base: number, far = 2) {
  return [
    {
      term: 'kettl',
      blockId: null,
      postings: encodePostings([
        { chunkId: base, tf: [3, 0, 0, 0], len: [10, 0, 0, 0] },
        { chunkId: base + 1, tf: [1, 1, 0, 0], len: [10, 2, 0, 0] },
      ]),
    },
    {
      term: 'descal',
      blockId: 7,
      postings: encodePostings([{ chunkId: base + far, tf: [1, 0, 0, 0], len: [10, 0, 0, 0] }]),
    },
    {
      term: 'descal',
      blockId: null,
      postings: encodePostings([{ chunkId: base + 1, tf: [1, 0, 0, 0], len: [10, 0, 0, 0] }]),
    },
  ];
}

describe('scoreBm25', () => {
  const query = new Map([
    ['kettl', 1],
    ['descal', 1],
  ]);

  it('ranks by BM25F with df counted across all of a term’s lists', () => {
    const top = topK(scoreBm25(query, lists(100), stats), 10);
    expect(top.map((h) => h.id)).toEqual([101, 100, 102]);
    // df(descal) = 2 across the block and the pending segment.
    const single = topK(scoreBm25(new Map([['descal', 1]]), lists(100), stats), 10);
    expect(single[0]?.score).toBeCloseTo((idf(4, 2) * 2.2) / 2.2, 10);
  });

  it('gives the same scores whether chunk ids are dense or far apart', () => {
    const dense = topK(scoreBm25(query, lists(100), stats), 10);
    const sparse = topK(scoreBm25(query, lists(100, 2 ** 40), stats), 10);
    expect(sparse.map((h) => h.id)).toEqual([101, 100, 100 + 2 ** 40]);
    expect(sparse.map((h) => h.score)).toEqual(dense.map((h) => h.score));
  });

  it('skips postings masked by tombstones of their block only', () => {
    const dead = new Map([[7, new Set([102])]]);
    const top = topK(scoreBm25(query, lists(100), stats, undefined, dead), 10);
    expect(top.map((h) => h.id)).toEqual([101, 100]);
  });
});
