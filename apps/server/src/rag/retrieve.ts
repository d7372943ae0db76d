import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { botIndexCache, type IndexView } from '../search/bot-index-cache.ts';
import { lexicalSearchWithStats, type ScoreBoost } from '../search/lexical-search.ts';
import { describedChunks } from '../search/link-index.ts';
import { proximityScorer } from '../search/proximity.ts';
import {
  type AnalyzedQuery,
  analyzeQuery,
  type CarriedTerms,
  type NearChunks,
} from '../search/query.ts';
import { CLOSE_QUESTION_MATCH, questionMatch } from '../search/question-match.ts';
import type { ChunkRow } from '../search/search.repo.ts';
import type { DenseSearch } from './embeddings/dense-search.ts';

export interface RetrievedChunk {
  chunkId: number;
  documentId: string;
  /** Position of the chunk in its document. */
  ordinal: number;
  score: number;
  text: string;
  heading: string | null;
  /** Where the chunk's section starts in its source (a page's heading id), when known. */
  anchor: string | null;
  question: string | null;
  title: string;
  url: string | null;
  /** 0–1 closeness of the query to this chunk's Q&A question (0 for non-Q&A chunks). */
  questionMatch: number;
  /** Cosine similarity of the chunk's embedding to the query's, when dense retrieval found it. */
  similarity?: number;
  /** The query's terms nearly every chunk of the bot holds (siteWideTerms), when any. */
  siteWide?: ReadonlySet<string>;
  /** The alternatives the search took for words no chunk holds (Passage.alternatives), if any. */
  alternatives?: ReadonlyMap<string, string>;
  /** The query's terms no chunk of the bot holds, nor an alternative (Passage.unknown), if any. */
  unknown?: ReadonlySet<string>;
}

export interface RetrieveArgs {
  botId: string;
  query: string;
  /** Terms of what a follow-up refers to (earlier turns), searched at a lower weight. */
  carried?: CarriedTerms | undefined;
  /** Documents the conversation was answered from: their chunks rank higher. */
  near?: NearChunks | undefined;
  limit?: number;
  /** Nearest chunks by meaning, fused with the lexical ones; absent: lexical retrieval only. */
  dense?: DenseSearch | undefined;
  /** The bot's index generation if the caller has just read it (otherwise it is read here). */
  generation?: number | undefined;
}

export const DEFAULT_RETRIEVE_LIMIT = 8;
/**
 * The best BM25 candidates are re-scored with a phrase-proximity bonus (and Q&A matching),
 * so a few more than asked for are read; as many dense candidates are fused with them.
 */
const RERANK_DEPTH = 30;
/** Score multiplier for a passage holding every adjacent query pair as a phrase. */
const PROXIMITY_WEIGHT = 0.4;
/**
 * Reciprocal-rank fusion constant (Cormack et al.): large enough that the first few ranks of
 * either list do not drown the other list, and scale-free, so BM25 scores and cosine
 * similarities never need calibrating against each other.
 */
const RRF_K = 60;
/**
 * Score factor for the chunks of the pages the bot's other pages describe best in the
 * question's words (search/link-index.ts): a nudge, so the page's own text still decides
 * between pages that match about as well. On the development sets (80 questions), 1.3 put the
 * answer's page first for 7 more questions (and one more extractive answer held its phrase);
 * 1.2 for 5 and 1.4 for 6, each with one or two extractive answers fewer.
 */
const DESCRIBED_BOOST = 1.3;

/**
 * The bot's chunks best matching the query, best first: BM25F over the bot's own term
 * statistics, then a phrase-proximity bonus among the best candidates. With dense retrieval,
 * the chunks nearest in meaning are fused with those by reciprocal rank. A Q&A chunk whose
 * question matches the query closely is put first, so the answerer can reply with its stored
 * answer.
 */
export async function retrieve(
  db: Kysely<DB> | Transaction<DB>,
  args: RetrieveArgs,
): Promise<RetrievedChunk[]> {
  return (await retrieveRanked(db, args)).chunks;
}

/** What retrieval found, with the analysed query and its terms' statistics, for what follows. */
export interface Ranked {
  chunks: RetrievedChunk[];
  query: AnalyzedQuery;
  /** idf among the bot's chunks of each term searched (the query's, and preferred alternatives). */
  idf: Map<string, number>;
  /** The bot's index as this retrieval read it, for reading around the chunks found. */
  index: IndexView;
}

/** retrieve(), keeping the analysed query: the question is analysed once for every stage. */
export async function retrieveRanked(
  db: Kysely<DB> | Transaction<DB>,
  args: RetrieveArgs,
): Promise<Ranked> {
  const query = analyzeQuery(args.query, args.carried);
  const limit = args.limit ?? DEFAULT_RETRIEVE_LIMIT;
  const index = await botIndexCache.open(db, args.botId, args.generation);
  if (limit <= 0) return { chunks: [], query, idf: new Map(), index };
  const depth = Math.max(limit, RERANK_DEPTH);
  const boost = await scoreBoost(index, query, args.near);
  // The query is embedded while the lexical search runs.
  const [{ hits, idf }, dense] = await Promise.all([
    lexicalSearchWithStats(db, args.botId, query, depth, undefined, boost, index.queryData),
    args.dense ? args.dense(db, args.botId, args.query, depth) : [],
  ]);
  if (hits.length === 0 && dense.length === 0) return { chunks: [], query, idf, index };
  const ids = new Set([...hits.map((h) => h.id), ...dense.map((h) => h.id)]);
  const rows = await index.chunks([...ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const phraseScore = proximityScorer(query.terms);
  const lexical: RetrievedChunk[] = [];
  hits.forEach((hit, rank) => {
    const row = byId.get(hit.id);
    if (!row) return; // a chunk deleted since it was indexed
    const proximity =
      rank < RERANK_DEPTH ? phraseScore([row.title, row.heading, row.question, row.text]) : 0;
    lexical.push(toRetrieved(row, query, hit.score * (1 + PROXIMITY_WEIGHT * proximity)));
  });
  const results = dense.length > 0 ? fuse(lexical, dense, byId, query) : lexical;
  const close = (r: RetrievedChunk) =>
    r.questionMatch >= CLOSE_QUESTION_MATCH ? r.questionMatch : 0;
  results.sort((a, b) => close(b) - close(a) || b.score - a.score || a.chunkId - b.chunkId);
  const chunks = results.slice(0, limit);
  const siteWide = siteWideTerms(idf);
  // The alternatives searched (BM25 gives an idf only to those the pages prefer) in place of a
  // word the pages never use (no idf either).
  const alternatives = new Map(
    [...query.alternatives].filter(([alt, of]) => idf.has(alt) && !idf.has(of)),
  );
  const meant = new Set(alternatives.values());
  const unknown = new Set([...query.weights.keys()].filter((t) => !idf.has(t) && !meant.has(t)));
  const found = {
    ...(siteWide.size > 0 ? { siteWide } : {}),
    ...(alternatives.size > 0 ? { alternatives } : {}),
    ...(unknown.size > 0 ? { unknown } : {}),
  };
  return {
    chunks: Object.keys(found).length > 0 ? chunks.map((c) => ({ ...c, ...found })) : chunks,
    query,
    idf,
    index,
  };
}

/**
 * idf (Lucene's) below which a term is one nearly every chunk of the bot holds: about nine in
 * ten of them, in a knowledge base of five chunks or more. Such a word is the site's own name or
 * subject, in every page's title ("Hotel" on a hotel's site): a passage sharing only it with a
 * question says nothing about what is asked (answer/relevance.ts).
 */
const SITE_WIDE_IDF = 0.1;

const siteWideTerms = (idf: ReadonlyMap<string, number>) =>
  new Set([...idf].filter(([, value]) => value < SITE_WIDE_IDF).map(([term]) => term));

/**
 * Score factors by chunk: the pages the bot's other pages describe best in the question's words
 * (link-index.ts), and for a follow-up the pages the conversation was answered from.
 */
async function scoreBoost(
  index: IndexView,
  query: AnalyzedQuery,
  near: NearChunks | undefined,
): Promise<ScoreBoost | undefined> {
  const [described, nearIds] = await Promise.all([
    index.links().then((links) => describedChunks(links, query.weights)),
    near ? index.siblings(near.chunkIds) : [],
  ]);
  if (described.length === 0 && nearIds.length === 0) return undefined;
  const factors = new Map<number, number>();
  for (const id of described) factors.set(id, DESCRIBED_BOOST);
  for (const id of nearIds) factors.set(id, (factors.get(id) ?? 1) * (near?.boost ?? 1));
  return factors;
}

/** A chunk row as retrieval hands it on, at `score`. */
export function toRetrieved(row: ChunkRow, query: AnalyzedQuery, score: number): RetrievedChunk {
  return {
    chunkId: row.id,
    documentId: row.document_id,
    ordinal: row.ordinal,
    score,
    text: row.text,
    heading: row.heading,
    anchor: row.anchor,
    question: row.question,
    title: row.title,
    url: row.url,
    questionMatch: questionMatch(query.content, row.question),
  };
}

/**
 * Reciprocal-rank fusion of the lexical ranking (after the proximity bonus) and the dense one:
 * each list adds 1 / (RRF_K + rank), so a chunk both find outranks one found by either alone.
 * The score becomes the fused one.
 */
function fuse(
  lexical: RetrievedChunk[],
  dense: { id: number; similarity: number }[],
  rows: Map<number, ChunkRow>,
  query: AnalyzedQuery,
): RetrievedChunk[] {
  const rrf = (rank: number) => 1 / (RRF_K + rank + 1);
  const fused = new Map<number, RetrievedChunk>();
  [...lexical]
    .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId)
    .forEach((r, rank) => {
      fused.set(r.chunkId, { ...r, score: rrf(rank) });
    });
  dense.forEach((hit, rank) => {
    const known = fused.get(hit.id);
    if (known) {
      known.score += rrf(rank);
      known.similarity = hit.similarity;
      return;
    }
    const row = rows.get(hit.id);
    if (!row) return; // deleted meanwhile, or (never) another bot's
    fused.set(hit.id, { ...toRetrieved(row, query, rrf(rank)), similarity: hit.similarity });
  });
  return [...fused.values()];
}
