import { analyze } from './analyzer.ts';

/**
 * Beyond the stop words (which already drop question words and auxiliaries), words that only
 * shape a request ("please tell me about …"); two phrasings of one question differ mostly here.
 */
const REQUEST_WORDS = new Set(
  'may might must shall any some about please tell know get want need like'
    .split(' ')
    .map((w) => analyze(w)[0] ?? w),
);

function contentTerms(text: string): Set<string> {
  const terms = analyze(text).filter((t) => !REQUEST_WORDS.has(t));
  return new Set(terms);
}

/**
 * How closely a query matches a stored question, from 0 to 1: the Dice overlap of their
 * content terms (stemmed, stop and question words removed). 1 means the same content words.
 */
export function questionMatch(query: string, question: string | null | undefined): number {
  if (!question) return 0;
  const a = contentTerms(query);
  const b = contentTerms(question);
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** A stored answer may be given as is when its question matches at least this closely. */
export const CLOSE_QUESTION_MATCH = 0.75;
