import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { blockPostingsCache } from './block-postings-cache.ts';
import { type Bm25Params, DEFAULT_BM25, type DecodedTerms, scoreBm25 } from './bm25.ts';
import { type AnalyzedQuery, analyzeQuery } from './query.ts';
import { loadQueryData, type QueryData } from './search.repo.ts';
import { topK } from './top-k.ts';

export interface LexicalHit {
  id: number;
  score: number;
}

export interface LexicalResult {
  hits: LexicalHit[];
  /**
   * Inverse document frequency of each term searched in the bot's chunks: the query's, and the
   * alternatives the chunks prefer (alternative-words.ts). A term no chunk holds has none.
   */
  idf: Map<string, number>;
}

/** The ids and BM25F scores of the bot's best `limit` chunks for the query. */
export async function lexicalSearch(
  db: Kysely<DB> | Transaction<DB>,
  botId: string,
  query: string | AnalyzedQuery,
  limit: number,
  params: Bm25Params = DEFAULT_BM25,
): Promise<LexicalHit[]> {
  return (await lexicalSearchWithStats(db, botId, query, limit, params)).hits;
}

/** Chunks whose score is multiplied by a factor before the best are picked: id → factor. */
export type ScoreBoost = ReadonlyMap<number, number>;

/**
 * lexicalSearch, with the query terms' statistics the ranking used. `read` gives the terms'
 * statistics and postings (by default read from the database through the block postings cache;
 * retrieval passes its bot index view's).
 */
export async function lexicalSearchWithStats(
  db: Kysely<DB> | Transaction<DB>,
  botId: string,
  query: string | AnalyzedQuery,
  limit: number,
  params: Bm25Params = DEFAULT_BM25,
  boost?: ScoreBoost,
  read: (terms: string[]) => Promise<QueryData & { decoded?: DecodedTerms }> = (terms) =>
    loadQueryData(db, botId, terms, blockPostingsCache),
): Promise<LexicalResult> {
  const analyzed = typeof query === 'string' ? analyzeQuery(query) : query;
  const { weights, alternatives } = analyzed;
  if (weights.size === 0) return { hits: [], idf: new Map() };
  const { stats, lists, dead, decoded } = await read([...weights.keys(), ...alternatives.keys()]);
  if (!stats || stats.chunk_count <= 0) return { hits: [], idf: new Map() };
  // Postings decoded earlier were weighted with the default parameters.
  const keep = params === DEFAULT_BM25 ? decoded : undefined;
  const scored = scoreBm25(weights, lists, stats, params, dead, keep, analyzed);
  if (boost) {
    // A plain loop: a callback per scored chunk would box each id (thousands per question).
    const { ids, scores } = scored;
    for (let i = 0; i < ids.length; i++) {
      const factor = boost.get(ids[i] as number);
      if (factor !== undefined) scores[i] = (scores[i] ?? 0) * factor;
    }
  }
  return { hits: topK(scored, limit), idf: scored.idf ?? new Map() };
}
