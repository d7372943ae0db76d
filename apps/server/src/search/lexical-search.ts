import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { analyze } from './analyzer.ts';
import { blockPostingsCache } from './block-postings-cache.ts';
import { type Bm25Params, DEFAULT_BM25, scoreBm25, topK } from './bm25.ts';
import { loadQueryData } from './search.repo.ts';

export interface LexicalHit {
  id: number;
  score: number;
}

/** Query terms with their counts (a repeated word weighs more, as in Lucene). */
export function queryTerms(query: string): Map<string, number> {
  const terms = new Map<string, number>();
  for (const t of analyze(query)) terms.set(t, (terms.get(t) ?? 0) + 1);
  return terms;
}

/** The ids and BM25F scores of the bot's best `limit` chunks for the query. */
export async function lexicalSearch(
  db: Kysely<DB> | Transaction<DB>,
  botId: string,
  query: string,
  limit: number,
  params: Bm25Params = DEFAULT_BM25,
): Promise<LexicalHit[]> {
  const terms = queryTerms(query);
  if (terms.size === 0) return [];
  const { stats, lists, dead } = await loadQueryData(
    db,
    botId,
    [...terms.keys()],
    blockPostingsCache,
  );
  if (!stats || stats.chunk_count <= 0) return [];
  return topK(scoreBm25(terms, lists, stats, params, dead), limit);
}
