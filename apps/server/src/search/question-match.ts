import { analyze, normalizeText } from './analyzer.ts';

/** Words that only shape a question ("how do I …"); two phrasings differ mostly in these. */
const QUESTION_WORDS = new Set(
  [
    'what',
    'which',
    'who',
    'whom',
    'whose',
    'when',
    'where',
    'why',
    'how',
    'do',
    'does',
    'did',
    'can',
    'could',
    'should',
    'would',
    'may',
    'might',
    'must',
    'shall',
    'i',
    'me',
    'my',
    'we',
    'our',
    'you',
    'your',
    'there',
    'has',
    'have',
    'had',
    'am',
    'were',
    'been',
    'being',
    'any',
    'some',
    'about',
    'please',
    'tell',
    'know',
    'get',
  ].map((w) => analyze(w)[0] ?? w),
);

function contentTerms(text: string): Set<string> {
  const terms = analyze(normalizeText(text)).filter((t) => !QUESTION_WORDS.has(t));
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
