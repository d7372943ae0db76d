import { boundedMemo } from '../lib/bounded-memo.ts';

/**
 * A case-folded text cut into words, kept so that finding a question's terms in a text read
 * again (the chunks and sentences of a knowledge base are read by question after question) is
 * a walk over its words instead of a regular-expression scan and a case fold.
 *
 * A word is what /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*\/u matches: a run of
 * letters and digits with inner apostrophes. A search for words starting with given prefixes
 * (letters and digits) matches within such a word only where a run starts (the word's start,
 * or just after one of its apostrophes), and from there always to the word's end; so each
 * word keeps its start, end, the code units where its runs start and, once asked, the term it
 * stands for from each.
 */
export interface WordIndex {
  folded: string;
  /** Per word: its start and end offsets in `folded`. */
  starts: number[];
  ends: number[];
  /** Per word: offsets after its apostrophes where a match may also start (rarely any). */
  restarts: Map<number, number[]>;
  /** Per word: the term it stands for, once asked (null: a stop word). */
  terms: (string | null | undefined)[];
}

const WORD = /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;

/** Texts indexed at most; the memo empties when full and refills from the next questions. */
const MAX_TEXTS = 20_000;

function indexWords(folded: string): WordIndex {
  const index: WordIndex = {
    folded,
    starts: [],
    ends: [],
    restarts: new Map(),
    terms: [],
  };
  for (const m of folded.matchAll(WORD)) {
    const word = m[0];
    const at = index.starts.length;
    index.starts.push(m.index);
    index.ends.push(m.index + word.length);
    for (let q = word.indexOf("'"); q >= 0; q = word.indexOf("'", q + 1)) {
      const runs = index.restarts.get(at) ?? [];
      runs.push(m.index + q + 1);
      index.restarts.set(at, runs);
    }
  }
  return index;
}

/** The word index of a text, case-folded by `fold` (remembered for recent texts). */
export function wordIndexer(fold: (text: string) => string): (text: string) => WordIndex {
  return boundedMemo(MAX_TEXTS, (text) => indexWords(fold(text)));
}
