import { isStopWord, stem } from './analyzer.ts';

/** Shortest part of a split compound: shorter pieces ("com"+"mon", "out"+"put") are chance. */
const MIN_PART = 4;
const LETTERS = /^\p{L}+$/u;

/**
 * The parts of the closed compounds among `tokens` (analyzer.ts tokenize), as index terms:
 * a token splits in two where both halves are words the same document also writes on their
 * own ("threadpool" on a page that says "thread" and "pool" gives thread and pool;
 * "filename" beside "file" and "name"). English writes many compounds closed, open or
 * hyphenated at the author's whim, and a question uses one form where the page uses another.
 * The document's own vocabulary decides, so no word list is needed and a split the document
 * gives no ground for ("together", "however") is not made. The first split from the left
 * whose halves qualify is taken; stop-word halves never count.
 */
export function compoundParts(tokens: string[], vocabulary: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    if (token.length < 2 * MIN_PART || !LETTERS.test(token)) continue;
    for (let i = MIN_PART; i <= token.length - MIN_PART; i++) {
      const head = token.slice(0, i);
      const tail = token.slice(i);
      if (isStopWord(head) || isStopWord(tail)) continue;
      if (vocabulary.has(head) && vocabulary.has(tail)) {
        out.push(stem(head), stem(tail));
        break;
      }
    }
  }
  return out;
}
