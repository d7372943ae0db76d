import { FIELD_COUNT } from './fields.ts';
import { decodePostings } from './postings-codec.ts';
import type { BotStats } from './search.repo.ts';

/**
 * BM25F: per-field length-normalised term frequencies are weighted and summed before the
 * single saturation k1, so a term in the title and the body is not counted as two terms.
 * Per-field arrays follow FIELDS order (body, title, heading, question).
 */
export interface Bm25Params {
  k1: number;
  b: readonly number[];
  weight: readonly number[];
}

/**
 * Tuned on BEIR SciFact and COVID-QA (bench/retrieval): both are flat around these values
 * (±0.005 nDCG), so the choice is the robust middle rather than a sharp optimum.
 */
export const DEFAULT_BM25: Bm25Params = {
  k1: 1.2,
  b: [0.6, 0.4, 0.4, 0.4],
  weight: [1, 1, 1, 2],
};

export interface ScoredChunks {
  ids: Float64Array;
  scores: Float64Array;
}

/** Average length of each field over the chunks that have it. */
function averageLengths(stats: BotStats): number[] {
  const pairs: [number, number][] = [
    [stats.body_len, stats.body_n],
    [stats.title_len, stats.title_n],
    [stats.heading_len, stats.heading_n],
    [stats.question_len, stats.question_n],
  ];
  return pairs.map(([len, n]) => (n > 0 ? Math.max(len / n, 1) : 1));
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
export function scoreBm25(
  queryTerms: Map<string, number>,
  lists: TermPostings[],
  stats: BotStats,
  params: Bm25Params = DEFAULT_BM25,
  dead: Map<number, Set<number>> = new Map(),
): ScoredChunks {
  const avg = averageLengths(stats);
  const { k1, b, weight } = params;
  const n = Math.max(stats.chunk_count, 1);
  // Pass 1: decode each term's postings into (chunk id, weighted tf) and its exact df.
  const perTerm: { w: number; ids: number[]; tfw: number[] }[] = [];
  let minId = Number.POSITIVE_INFINITY;
  let maxId = Number.NEGATIVE_INFINITY;
  let total = 0;
  for (const [term, qtf] of queryTerms) {
    const ids: number[] = [];
    const tfws: number[] = [];
    for (const list of lists) {
      if (list.term !== term) continue;
      const masked = list.blockId === null ? undefined : dead.get(list.blockId);
      decodePostings(list.postings, (chunkId, mask, tf, len) => {
        if (masked?.has(chunkId)) return;
        let tfw = 0;
        for (let f = 0; f < FIELD_COUNT; f++) {
          if ((mask & (1 << f)) === 0) continue;
          const bf = b[f] ?? 0;
          tfw +=
            ((weight[f] ?? 0) * (tf[f] ?? 0)) / (1 - bf + (bf * (len[f] ?? 0)) / (avg[f] ?? 1));
        }
        ids.push(chunkId);
        tfws.push(tfw);
        if (chunkId < minId) minId = chunkId;
        if (chunkId > maxId) maxId = chunkId;
      });
    }
    if (ids.length === 0) continue;
    total += ids.length;
    perTerm.push({ w: qtf * idf(n, ids.length), ids, tfw: tfws });
  }
  if (total === 0) return { ids: new Float64Array(0), scores: new Float64Array(0) };
  // Pass 2: accumulate. A bot's chunk ids are mostly a dense range, so a typed array indexed
  // by id beats a hash map; fall back to the map when the range is sparse.
  const range = maxId - minId + 1;
  if (range <= Math.max(4 * total, 65_536)) {
    const acc = new Float64Array(range);
    const seen = new Uint8Array(range);
    for (const { w, ids, tfw } of perTerm) {
      for (let i = 0; i < ids.length; i++) {
        const t = tfw[i] as number;
        const at = (ids[i] as number) - minId;
        acc[at] = (acc[at] as number) + (w * t * (k1 + 1)) / (k1 + t);
        seen[at] = 1;
      }
    }
    const outIds: number[] = [];
    const outScores: number[] = [];
    for (let i = 0; i < range; i++) {
      if (seen[i] === 1) {
        outIds.push(i + minId);
        outScores.push(acc[i] as number);
      }
    }
    return { ids: Float64Array.from(outIds), scores: Float64Array.from(outScores) };
  }
  const byId = new Map<number, number>();
  for (const { w, ids, tfw } of perTerm) {
    for (let i = 0; i < ids.length; i++) {
      const t = tfw[i] as number;
      const id = ids[i] as number;
      byId.set(id, (byId.get(id) ?? 0) + (w * t * (k1 + 1)) / (k1 + t));
    }
  }
  return { ids: Float64Array.from(byId.keys()), scores: Float64Array.from(byId.values()) };
}

/** The `k` best (id, score) pairs, best first; ties broken by lower chunk id (stable order). */
export function topK(scored: ScoredChunks, k: number): { id: number; score: number }[] {
  const { ids, scores } = scored;
  if (scores.length === 0 || k <= 0) return [];
  let threshold = Number.NEGATIVE_INFINITY;
  if (scores.length > k) {
    const sorted = Float64Array.from(scores).sort();
    threshold = sorted[sorted.length - k] ?? threshold;
  }
  const out: { id: number; score: number }[] = [];
  for (let i = 0; i < scores.length; i++) {
    const score = scores[i] as number;
    if (score >= threshold) out.push({ id: ids[i] as number, score });
  }
  out.sort((a, b) => b.score - a.score || a.id - b.id);
  return out.slice(0, k);
}
