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
  const slot = new Map<number, number>();
  let ids = new Float64Array(1024);
  let scores = new Float64Array(1024);
  let size = 0;
  const termIds: number[] = [];
  const termTfw: number[] = [];
  for (const [term, qtf] of queryTerms) {
    termIds.length = 0;
    termTfw.length = 0;
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
        termIds.push(chunkId);
        termTfw.push(tfw);
      });
    }
    if (termIds.length === 0) continue;
    const w = qtf * idf(n, termIds.length);
    for (let i = 0; i < termIds.length; i++) {
      const id = termIds[i] as number;
      const tfw = termTfw[i] as number;
      const add = (w * tfw * (k1 + 1)) / (k1 + tfw);
      let s = slot.get(id);
      if (s === undefined) {
        s = size++;
        if (s >= ids.length) {
          const grownIds = new Float64Array(ids.length * 2);
          grownIds.set(ids);
          ids = grownIds;
          const grownScores = new Float64Array(scores.length * 2);
          grownScores.set(scores);
          scores = grownScores;
        }
        ids[s] = id;
        slot.set(id, s);
      }
      scores[s] = (scores[s] ?? 0) + add;
    }
  }
  return { ids: ids.subarray(0, size), scores: scores.subarray(0, size) };
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
