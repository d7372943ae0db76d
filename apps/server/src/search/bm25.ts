import { ALTERNATIVE_WEIGHT, pagesPrefer } from './alternative-words.ts';
import { everydayFactor } from './everyday-words.ts';
import { FIELD_COUNT } from './fields.ts';
import type { AnalyzedQuery } from './query.ts';
import type { BotStats } from './search.repo.ts';

/**
 * BM25F: per-field length-normalised term frequencies are weighted and summed before the
 * single saturation k1, so a term in the title and the body is not counted as two terms.
 * Per-field arrays follow FIELDS order (body, title, heading, question, code).
 */
export interface Bm25Params {
  k1: number;
  b: readonly number[];
  weight: readonly number[];
}

/**
 * Tuned on BEIR SciFact and COVID-QA (bench/retrieval): both are flat around these values
 * (±0.005 nDCG), so the choice is the robust middle rather than a sharp optimum. Code blocks
 * count 0.3 of prose: a question is asked in words, and a code example repeats the names it
 * uses line after line, so at full weight the examples outranked the sentences explaining
 * them (qa-dev, rank of the chunk holding the answer: mean reciprocal rank 0.26 -> 0.30 on
 * git, 0.44 -> 0.49 on Node.js); weight 0 lost pages found through their examples, 0.5
 * ranked the answers lower again.
 * Code has no length totals of its own and is not length-normalised (b 0).
 */
export const DEFAULT_BM25: Bm25Params = {
  k1: 1.2,
  b: [0.6, 0.4, 0.4, 0.4, 0],
  weight: [1, 1, 1, 2, 0.3],
};

export interface ScoredChunks {
  ids: Float64Array;
  scores: Float64Array;
  /** idf of each term searched (the query's, and alternatives the chunks prefer) found in them. */
  idf?: Map<string, number>;
}

/** Average length of each field over the chunks that have it. */
function averageLengths(stats: BotStats): number[] {
  const pairs: [number, number][] = [
    [stats.body_len, stats.body_n],
    [stats.title_len, stats.title_n],
    [stats.heading_len, stats.heading_n],
    [stats.question_len, stats.question_n],
  ];
  // Code (b 0) needs no average.
  return [...pairs.map(([len, n]) => (n > 0 ? Math.max(len / n, 1) : 1)), 1];
}

/** Lucene's idf: never negative, even for a term in most chunks. */
export function idf(chunkCount: number, df: number): number {
  return Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5));
}

/** A posting list of one term: a block's (blockId) or the pending segments' (null). */
export interface TermPostings {
  term: string;
  blockId: number | null;
  postings: Uint8Array;
}

/**
 * Scores every chunk holding at least one query term. `queryTerms` maps a term to how often
 * it occurs in the query; `dead` lists, per block, chunks whose postings are masked.
 */
/** Growable (chunk id, weighted tf) columns for one term. */
export class TermHits {
  ids = new Float64Array(256);
  tfw = new Float64Array(256);
  n = 0;
  push(id: number, tfw: number): void {
    if (this.n === this.ids.length) {
      const ids = new Float64Array(this.n * 2);
      ids.set(this.ids);
      this.ids = ids;
      const t = new Float64Array(this.n * 2);
      t.set(this.tfw);
      this.tfw = t;
    }
    this.ids[this.n] = id;
    this.tfw[this.n++] = tfw;
  }
}

/**
 * decodePostings fused with the BM25F field sum (the hot loop of every query): same layout,
 * no callback, no bounds checks beyond the buffer's own.
 */
function decodeWeighted(
  buf: Uint8Array,
  masked: Set<number> | undefined,
  fieldWeight: Float64Array,
  fieldB: Float64Array,
  fieldAvg: Float64Array,
  out: TermHits,
): void {
  let pos = 0;
  const end = buf.length;
  while (pos < end) {
    let byte = buf[pos++] as number;
    let count = byte & 0x7f;
    for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
      byte = buf[pos++] as number;
      count += (byte & 0x7f) * scale;
    }
    let chunkId = 0;
    for (let c = 0; c < count; c++) {
      byte = buf[pos++] as number;
      let delta = byte & 0x7f;
      for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
        byte = buf[pos++] as number;
        delta += (byte & 0x7f) * scale;
      }
      chunkId += delta;
      const mask = buf[pos++] as number;
      let tfw = 0;
      for (let f = 0; f < FIELD_COUNT; f++) {
        if ((mask & (1 << f)) === 0) continue;
        byte = buf[pos++] as number;
        let tf = byte & 0x7f;
        for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
          byte = buf[pos++] as number;
          tf += (byte & 0x7f) * scale;
        }
        byte = buf[pos++] as number;
        let len = byte & 0x7f;
        for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
          byte = buf[pos++] as number;
          len += (byte & 0x7f) * scale;
        }
        const bf = fieldB[f] as number;
        tfw += ((fieldWeight[f] as number) * tf) / (1 - bf + (bf * len) / (fieldAvg[f] as number));
      }
      if (masked?.has(chunkId)) continue;
      out.push(chunkId, tfw);
    }
  }
}

/**
 * Terms' postings as decoded for scoring, kept between queries that read the same lists, dead
 * chunks and statistics with the same parameters (BotIndexCache: one bot's index at one
 * generation, DEFAULT_BM25).
 */
export interface DecodedTerms {
  get(term: string): TermHits | undefined;
  set(term: string, hits: TermHits): void;
}

/**
 * Scores every chunk holding at least one query term (`queryTerms`: term → query weight).
 * `words` qualifies them: the question's everyday words count less where the bot's chunks
 * rarely use them, and another word for one of them counts where the chunks prefer it.
 */
export function scoreBm25(
  queryTerms: Map<string, number>,
  lists: TermPostings[],
  stats: BotStats,
  params: Bm25Params = DEFAULT_BM25,
  dead: Map<number, Set<number>> = new Map(),
  decoded?: DecodedTerms,
  words: Partial<Pick<AnalyzedQuery, 'everyday' | 'alternatives'>> = {},
): ScoredChunks {
  const { everyday, alternatives } = words;
  const avg = Float64Array.from(averageLengths(stats));
  const fieldB = Float64Array.from({ length: FIELD_COUNT }, (_, f) => params.b[f] ?? 0);
  const fieldWeight = Float64Array.from({ length: FIELD_COUNT }, (_, f) => params.weight[f] ?? 0);
  const k1 = params.k1;
  const n = Math.max(stats.chunk_count, 1);
  // Pass 1: decode each term's postings into (chunk id, weighted tf) and its exact df.
  const perTerm: { w: number; hits: TermHits }[] = [];
  let minId = Number.POSITIVE_INFINITY;
  let maxId = Number.NEGATIVE_INFINITY;
  let total = 0;
  const idfs = new Map<string, number>();
  const df = new Map<string, number>();
  // The question's own terms first: an alternative is judged against its word's df.
  const searched: { term: string; qtf: number; of?: string }[] = [];
  for (const [term, qtf] of queryTerms) searched.push({ term, qtf });
  for (const [term, of] of alternatives ?? [])
    searched.push({ term, qtf: ALTERNATIVE_WEIGHT * (queryTerms.get(of) ?? 0), of });
  for (const { term, qtf, of } of searched) {
    let hits = decoded?.get(term);
    if (!hits) {
      hits = new TermHits();
      for (const list of lists) {
        if (list.term !== term) continue;
        const masked = list.blockId === null ? undefined : dead.get(list.blockId);
        decodeWeighted(list.postings, masked, fieldWeight, fieldB, avg, hits);
      }
      decoded?.set(term, hits);
    }
    if (hits.n === 0) continue;
    df.set(term, hits.n);
    if (of !== undefined && !pagesPrefer(hits.n, df.get(of) ?? 0)) continue;
    for (let i = 0; i < hits.n; i++) {
      const id = hits.ids[i] as number;
      if (id < minId) minId = id;
      if (id > maxId) maxId = id;
    }
    total += hits.n;
    idfs.set(term, idf(n, hits.n));
    const perMillion = everyday?.get(term);
    // An everyday word of the question counts less where the bot's chunks rarely use it.
    const factor = perMillion === undefined ? 1 : everydayFactor(perMillion, hits.n / n);
    perTerm.push({ w: qtf * idf(n, hits.n) * factor, hits });
  }
  if (total === 0) return { ids: new Float64Array(0), scores: new Float64Array(0), idf: idfs };
  return { ...accumulate(perTerm, minId, maxId, total, k1), idf: idfs };
}

/**
 * Pass 2: sum each chunk's saturated term weights. A bot's chunk ids are mostly a dense range,
 * so a typed array indexed by id beats a hash map; fall back to the map when the range is sparse.
 */
function accumulate(
  perTerm: { w: number; hits: TermHits }[],
  minId: number,
  maxId: number,
  total: number,
  k1: number,
): Omit<ScoredChunks, 'idf'> {
  const range = maxId - minId + 1;
  if (range <= Math.max(4 * total, 65_536)) {
    const acc = new Float64Array(range);
    const seen = new Uint8Array(range);
    let distinct = 0;
    for (const { w, hits } of perTerm) {
      const { ids, tfw } = hits;
      for (let i = 0; i < hits.n; i++) {
        const t = tfw[i] as number;
        const at = (ids[i] as number) - minId;
        acc[at] = (acc[at] as number) + (w * t * (k1 + 1)) / (k1 + t);
        if (seen[at] === 0) {
          seen[at] = 1;
          distinct++;
        }
      }
    }
    const outIds = new Float64Array(distinct);
    const outScores = new Float64Array(distinct);
    for (let i = 0, j = 0; i < range; i++) {
      if (seen[i] === 1) {
        outIds[j] = i + minId;
        outScores[j++] = acc[i] as number;
      }
    }
    return { ids: outIds, scores: outScores };
  }
  const byId = new Map<number, number>();
  for (const { w, hits } of perTerm) {
    for (let i = 0; i < hits.n; i++) {
      const t = hits.tfw[i] as number;
      const id = hits.ids[i] as number;
      byId.set(id, (byId.get(id) ?? 0) + (w * t * (k1 + 1)) / (k1 + t));
    }
  }
  return { ids: Float64Array.from(byId.keys()), scores: Float64Array.from(byId.values()) };
}
