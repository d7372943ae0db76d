import { termSet } from './text.ts';

/**
 * Definition lines: the page's definition lists reach the text as `-t, --timeout <seconds>: How
 * long …` or `sync.interval: …` (ingest/extract/html-structure.ts), one definition per line, and
 * such a line is what a question naming the option, setting or term asks about.
 *
 * The head must look like a term: short, no sentence inside, not a comment or a table row.
 */
const HEAD = /^([-\p{L}\p{N}][^:|]{0,79}?):\s/u;
const MAX_HEAD_WORDS = 8;

/** The terms a definition line defines (`<placeholders>` name a value, not the term); else none. */
export function definedTerms(line: string): ReadonlySet<string> {
  // A table row (`Version: v7.6.0 | Changes: …`) names its columns, not a term.
  if (line.includes(' | ')) return new Set();
  const head = HEAD.exec(line.trim())?.[1];
  if (!head || /[.!?]\s/.test(head) || head.split(/\s+/).length > MAX_HEAD_WORDS) return new Set();
  return termSet(head.replace(/<[^>]*>/g, ' '));
}

/**
 * Whether a question, by the weights of its wanted terms, names what a line defines: every
 * defined term is wanted, together at least one topical word's worth (a definition of a common
 * word such as "move" says little about what is asked).
 */
export function namesDefinition(
  wanted: ReadonlyMap<string, number>,
  defines: ReadonlySet<string>,
): boolean {
  let weight = 0;
  for (const t of defines) {
    const w = wanted.get(t) ?? 0;
    if (w <= 0) return false;
    weight += w;
  }
  return weight >= 1;
}
