import type { IndexView } from '../search/bot-index-cache.ts';
import type { AnalyzedQuery } from '../search/query.ts';
import { rememberedUnitsOf, type Unit } from './passage-window.ts';
import { type RetrievedChunk, toRetrieved } from './retrieve.ts';

/**
 * A document of more chunks than this is not one page: a PDF manual or a single-page book, whose
 * other sections are the rest of the book. Its sections are not read (none are returned), and
 * the passages keep to retrieval's order. On the PDF questions, reading the 40 sections of a
 * manual nearest the best one cost the model the definition for "What is an NMU?"; on the web
 * sets, leaving out pages of more than 40 chunks lost a git follow-up (a long reference page),
 * more than 80 or 150 measured alike.
 */
const MAX_PAGE_CHUNKS = 80;

/**
 * The other chunks of `best`'s page (if it is one: MAX_PAGE_CHUNKS) that retrieval did not find
 * (`taken`), best matching the question first (the summed value of the question's terms in
 * their units), the page's order between equals. A question about a page may be answered in
 * words it does not use ("how long does it remember it?" for a cache's `--timeout` option), so
 * the page's other sections are read with it.
 */
export async function otherSections(
  index: IndexView,
  best: RetrievedChunk,
  taken: ReadonlySet<number>,
  query: AnalyzedQuery,
  scoreOf: (unit: Unit) => number,
): Promise<RetrievedChunk[]> {
  const page = await index.siblings([best.chunkId]);
  if (page.length > MAX_PAGE_CHUNKS) return [];
  const rows = await index.chunks(page.filter((id) => !taken.has(id)));
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
