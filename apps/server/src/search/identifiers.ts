import { analyze } from './analyzer.ts';

/** A word whose case changes inside it from lower to upper: `maxHeaderSize`, `fileURLToPath`. */
const CAMEL_WORD = /[\p{L}\p{N}]*\p{Ll}\p{Lu}[\p{L}\p{N}]*/gu;
/**
 * Where such a word's parts meet: before an upper-case letter that follows a lower-case one
 * (max|Header), and before the last capital of an acronym when a word follows it (URL|To).
 * An acronym's plural or version (`URLs`, `IPv6`) stays whole.
 */
const PART_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll}\p{L})/u;
/**
 * A name qualified by the thing it belongs to: `console.error`, `init.defaultBranch`,
 * `node:fs`, `index.js`. Each part starts with a letter and has two characters at least, so
 * "e.g.", "i.e." and numbers ("1.0.2") are none.
 */
const QUALIFIED_NAME =
  /(?<![\p{L}\p{N}_$.:])[\p{L}_$][\p{L}\p{N}_$]+(?:[.:][\p{L}_$][\p{L}\p{N}_$]+)+/gu;

/**
 * The index terms of the words inside camel-case identifiers (`availableParallelism` gives
 * available and parallel), in order. Software documentation names its functions, options and
 * settings in camel case and explains them in words; a reader asks in the words ("the request
 * timeout"), and the analyzer sees the identifier as one token (requesttimeout) that no
 * question shares. The index holds the parts beside the identifier's own term, so either finds
 * it; questions are not split, so a question naming the identifier still matches it exactly.
 * Parts of one letter (`mTOR`, `iOS`) say nothing and are left out.
 */
export function identifierParts(text: string): string[] {
  return partsOf(text, CAMEL_WORD);
}

/**
 * A camel-case word starting lower-case, as code writes a name (`highWaterMark`,
 * `init.defaultBranch`); a product's name is written otherwise (`MkDocs`, `GitHub`).
 */
const CODE_CAMEL_WORD = /(?<![\p{L}\p{N}])\p{Ll}[\p{L}\p{N}]*\p{Ll}\p{Lu}[\p{L}\p{N}]*/gu;

/**
 * identifierParts of the names a text writes as code does (CODE_CAMEL_WORD): a sentence about
 * `defaultBranch` is about a default branch, while every sentence naming MkDocs is not about
 * docs.
 */
export function codeIdentifierParts(text: string): string[] {
  return partsOf(text, CODE_CAMEL_WORD);
}

/** The index terms of the parts of the camel-case words `pattern` finds in a text, in order. */
function partsOf(text: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const [word] of text.matchAll(pattern)) {
    const parts = word.split(PART_BOUNDARY);
    if (parts.length < 2) continue;
    for (const part of parts) if (part.length > 1) out.push(...analyze(part));
  }
  return out;
}

/**
 * Qualified names of a text as single terms, lower-cased and unstemmed (`console.error`). The
 * analyzer splits one into its words, which every page on the same object or about errors
 * also holds; as one term it is as rare as the name, so a question naming it ("where does
 * console.error print?") prefers the section documenting it. Indexed beside the words and
 * added to questions, so it only ever adds to a match on the words.
 */
export function qualifiedNames(text: string): string[] {
  return Array.from(text.matchAll(QUALIFIED_NAME), (m) => m[0].toLowerCase());
}

/**
 * A hyphenated compound: `pre-commit`, `post-receive`, a hotel's "check-in". Documentation
 * names hooks, commands and settings so, and heads their sections with the name alone.
 */
const HYPHENATED = /(?<![\p{L}\p{N}_-])\p{L}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)+(?![\p{L}\p{N}_-])/gu;

/**
 * The names a text gives things: its qualified names and its hyphenated compounds, each one
 * lower-cased term. A section headed with a name a question also uses is about what it asks.
 */
export function thingNames(text: string): string[] {
  const compounds = Array.from(text.matchAll(HYPHENATED), (m) => m[0].toLowerCase());
  return [...qualifiedNames(text), ...compounds];
}

/** `Quoted` text, a call (`run()`) and an option (`--force`, `-n`), as code is written. */
const QUOTED = /`[^`]+`/u;
const CALL = /[\p{L}_$][\p{L}\p{N}_$.]*\(\)/u;
const OPTION = /(?<![\p{L}\p{N}])--?\p{L}[\p{L}\p{N}-]*/u;
const CODE_SPAN = new RegExp(
  [QUOTED, CALL, OPTION, QUALIFIED_NAME].map((r) => r.source).join('|'),
  'gu',
);

/**
 * The index terms of the words a text writes as code: quoted, a call, an option or a qualified
 * name. Such a word names an API ("the run() callback"), however everyday it is.
 */
export function codeTerms(text: string): Set<string> {
  const out = new Set<string>();
  for (const [span] of text.matchAll(CODE_SPAN)) for (const t of analyze(span)) out.add(t);
  return out;
}
