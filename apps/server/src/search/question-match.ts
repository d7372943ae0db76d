import { contentTerms } from './query.ts';

/**
 * How closely a query matches a stored question, from 0 to 1: the Dice overlap of their
 * content terms (stemmed, stop and question words removed). 1 means the same content words.
 * The query may come already analysed (AnalyzedQuery.content), so it is analysed once however
 * many stored questions it is compared with.
 */
export function questionMatch(
  query: string | ReadonlySet<string>,
  question: string | null | undefined,
): number {
  if (!question) return 0;
  const a = typeof query === 'string' ? contentTerms(query) : query;
  const b = contentTerms(question);
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** A stored answer may be given as is when its question matches at least this closely. */
export const CLOSE_QUESTION_MATCH = 0.75;
