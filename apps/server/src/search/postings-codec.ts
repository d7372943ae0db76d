import { FIELD_COUNT } from './fields.ts';

/**
 * One posting: a chunk, and for each field holding the term its term frequency and the
 * field's length in terms (so scoring needs no other lookup). Field tf/len arrays are indexed
 * by the FIELDS order; a tf of 0 means the field does not hold the term.
 */
export interface Posting {
  chunkId: number;
  tf: number[];
  len: number[];
}

/**
 * Layout of a segment (one document, one term): varint count, then per posting varint
 * chunk-id delta (the first is absolute), one byte field mask, then varint tf and varint len
 * per present field. Segments are self-delimiting, so several can be concatenated
 * (string_agg in SQL) and decoded in one pass.
 */
export function encodePostings(postings: Posting[]): Buffer {
  const bytes: number[] = [];
  const varint = (value: number) => {
    let v = value;
    while (v >= 0x80) {
      bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    bytes.push(v);
  };
  const sorted = [...postings].sort((a, b) => a.chunkId - b.chunkId);
  varint(sorted.length);
  let prev = 0;
  for (const p of sorted) {
    varint(p.chunkId - prev);
    prev = p.chunkId;
    let mask = 0;
    for (let f = 0; f < FIELD_COUNT; f++) if ((p.tf[f] ?? 0) > 0) mask |= 1 << f;
    bytes.push(mask);
    for (let f = 0; f < FIELD_COUNT; f++) {
      if ((mask & (1 << f)) === 0) continue;
      varint(p.tf[f] ?? 0);
      varint(p.len[f] ?? 0);
    }
  }
  return Buffer.from(bytes);
}

/**
 * Streams the postings of one or more concatenated segments to `visit` without allocating
 * per posting: `tf`/`len` are reused scratch arrays, valid only during the call.
 */
export function decodePostings(
  buf: Uint8Array,
  visit: (chunkId: number, mask: number, tf: Uint32Array, len: Uint32Array) => void,
): void {
  const tf = new Uint32Array(FIELD_COUNT);
  const len = new Uint32Array(FIELD_COUNT);
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let scale = 1;
    for (;;) {
      const b = buf[pos++];
      if (b === undefined) throw new Error('truncated posting list');
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 0x80;
    }
  };
  while (pos < buf.length) {
    let count = varint();
    let chunkId = 0;
    while (count-- > 0) {
      chunkId += varint();
      const mask = buf[pos++] ?? 0;
      for (let f = 0; f < FIELD_COUNT; f++) {
        if ((mask & (1 << f)) === 0) {
          tf[f] = 0;
          len[f] = 0;
        } else {
          tf[f] = varint();
          len[f] = varint();
        }
      }
      visit(chunkId, mask, tf, len);
    }
  }
}
