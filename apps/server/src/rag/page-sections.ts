import type { IndexView } from '../search/bot-index-cache.ts';
import type { AnalyzedQuery } from '../search/query.ts';
import { rememberedUnitsOf, type Unit } from './passage-window.ts';
import { type RetrievedChunk, toRetrieved } from './retrieve.ts';

/**
 * Chunks of a long document read at most, nearest the best one: a PDF manual is one document
 * of hundreds of chunks, and its sections near the one found are the ones a follow-up is about.
 * A document's chunks are stored in reading order, so their ids follow it.
 */
const MAX_PAGE_CHUNKS = 40;

/**
 * The other chunks of `best`'s page that retrieval did not find (`taken`), best matching the
 * question first (the summed value of the question's terms in their units), the page's order
 * between equals. A question about a page may be answered in words it does not use ("how long
 * does it remember it?" for a cache's `--timeout` option), so the page's other sections are
 * read with it.
 */
export async function otherSections(
  index: IndexView,
  best: RetrievedChunk,
  taken: ReadonlySet<number>,
  query: AnalyzedQuery,
  scoreOf: (unit: Unit) => number,
): Promise<RetrievedChunk[]> {
  const ids = (await index.siblings([best.chunkId]))
    .filter((id) => !taken.has(id))
    .sort((a, b) => Math.abs(a - best.chunkId) - Math.abs(b - best.chunkId))
    .slice(0, MAX_PAGE_CHUNKS);
  const rows = await index.chunks(ids);
  const score = (text: string) =>
    rememberedUnitsOf(text, '').reduce((sum, unit) => sum + scoreOf(unit), 0);
  return (
    rows
      .filter((row) => !row.question)
      .map((row) => ({ row, score: score(row.text) }))
      .sort((a, b) => b.score - a.score || a.row.ordinal - b.row.ordinal)
      // Retrieval did not rank them: no retrieval score.
      .map(({ row }) => toRetrieved(row, query, 0))
  );
}
