import { describe, expect, it } from 'vitest';
import { decodePostings, encodePostings, type Posting } from './postings-codec.ts';

function decodeAll(buf: Uint8Array): Posting[] {
  const out: Posting[] = [];
  decodePostings(buf, (chunkId, _mask, tf, len) =>
    out.push({ chunkId, tf: Array.from(tf), len: Array.from(len) }),
  );
  return out;
}

describe('posting lists', () => {
  it('round-trips postings, sorted by chunk id, including ids beyond 32 bits', () => {
    const postings: Posting[] = [
      { chunkId: 2 ** 40 + 7, tf: [1, 0, 0, 3, 0], len: [900, 0, 0, 12, 0] },
      { chunkId: 5, tf: [300, 2, 1, 0, 4], len: [70000, 9, 4, 0, 40] },
    ];
    expect(decodeAll(encodePostings(postings))).toEqual([postings[1], postings[0]]);
  });

  it('decodes concatenated segments as one list (how the database merges them)', () => {
    const a = encodePostings([{ chunkId: 10, tf: [1, 0, 0, 0], len: [5, 0, 0, 0] }]);
    const b = encodePostings([
      { chunkId: 3, tf: [0, 1, 0, 0], len: [0, 2, 0, 0] },
      { chunkId: 4, tf: [2, 0, 0, 0], len: [8, 0, 0, 0] },
    ]);
    expect(decodeAll(Buffer.concat([a, b])).map((p) => p.chunkId)).toEqual([10, 3, 4]);
  });

  it('rejects a truncated list instead of inventing postings', () => {
    const buf = encodePostings([{ chunkId: 300, tf: [1, 0, 0, 0], len: [5, 0, 0, 0] }]);
    expect(() => decodeAll(buf.subarray(0, 2))).toThrow(/truncated/);
  });
});
