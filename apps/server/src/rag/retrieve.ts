import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { analyze } from '../search/analyzer.ts';
import { lexicalSearch } from '../search/lexical-search.ts';
import { proximityScorer } from '../search/proximity.ts';
import { CLOSE_QUESTION_MATCH, questionMatch } from '../search/question-match.ts';
import { loadChunks } from '../search/search.repo.ts';

export interface RetrievedChunk {
  chunkId: number;
  documentId: string;
  score: number;
  text: string;
  heading: string | null;
  question: string | null;
  title: string;
  url: string | null;
  /** 0–1 closeness of the query to this chunk's Q&A question (0 for non-Q&A chunks). */
  questionMatch: number;
}

export interface RetrieveArgs {
  botId: string;
  query: string;
  limit?: number;
}

export const DEFAULT_RETRIEVE_LIMIT = 8;
/**
 * The best BM25 candidates are re-scored with a phrase-proximity bonus (and Q&A matching),
 * so a few more than asked for are read.
 */
const RERANK_DEPTH = 30;
/** Score multiplier for a passage holding every adjacent query pair as a phrase. */
const PROXIMITY_WEIGHT = 0.4;
/**
 * The bot's chunks best matching the query, best first: BM25F over the bot's own term
 * statistics, then a phrase-proximity bonus among the best candidates. A Q&A chunk whose
 * question matches the query closely is put first, so the answerer can reply with its
 * stored answer.
 */
export async function retrieve(
  db: Kysely<DB> | Transaction<DB>,
  args: RetrieveArgs,
): Promise<RetrievedChunk[]> {
  const limit = args.limit ?? DEFAULT_RETRIEVE_LIMIT;
  if (limit <= 0) return [];
  const hits = await lexicalSearch(db, args.botId, args.query, Math.max(limit, RERANK_DEPTH));
  if (hits.length === 0) return [];
  const rows = await loadChunks(
    db,
    args.botId,
    hits.map((h) => h.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const phraseScore = proximityScorer(analyze(args.query));
  const results: RetrievedChunk[] = [];
  hits.forEach((hit, rank) => {
    const row = byId.get(hit.id);
    if (!row) return; // a chunk deleted since it was indexed
    const proximity =
      rank < RERANK_DEPTH ? phraseScore([row.title, row.heading, row.question, row.text]) : 0;
    results.push({
      chunkId: row.id,
      documentId: row.document_id,
      score: hit.score * (1 + PROXIMITY_WEIGHT * proximity),
      text: row.text,
      heading: row.heading,
      question: row.question,
      title: row.title,
      url: row.url,
      questionMatch: questionMatch(args.query, row.question),
    });
  });
  const close = (r: RetrievedChunk) =>
    r.questionMatch >= CLOSE_QUESTION_MATCH ? r.questionMatch : 0;
  results.sort((a, b) => close(b) - close(a) || b.score - a.score || a.chunkId - b.chunkId);
  return results.slice(0, limit);
}
