import { stemmer } from 'stemmer';
import { boundedMemo } from '../lib/bounded-memo.ts';
import { IRREGULAR_FORMS } from './irregular-verbs.ts';
import { STOP_WORDS } from './stop-words.ts';
import { wordIndexer } from './word-index.ts';

/**
 * Numbers keep their inner separators ("3.5", "1,000") so they match as written; words are
 * runs of letters/digits with inner apostrophes. Hyphens split ("covid-19" → covid, 19), as
 * Lucene's standard tokenizer does, so either half matches.
 */
const TOKEN = /\p{N}+(?:[.,]\p{N}+)*(?:\p{L}[\p{L}\p{N}]*)?|[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;
const MAX_TOKEN_LENGTH = 40;

/** NFKD + accent folding + lower-casing; typographic apostrophes become ASCII. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2018\u2019\u02bc\uff07]/g, "'")
    .toLowerCase();
}

/** Surface tokens (normalised, possessives stripped, apostrophes dropped), stop words kept. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const match of normalizeText(text).matchAll(TOKEN)) {
    let token = match[0];
    if (token.length > MAX_TOKEN_LENGTH) continue;
    if (token.endsWith("'s")) token = token.slice(0, -2);
    if (token.includes("'")) token = token.replaceAll("'", '');
    // "1,000" and "1000" are the same number.
    if (/^\p{N}/u.test(token)) token = token.replaceAll(',', '');
    if (token.length > 0) out.push(token);
  }
  return out;
}

const HYPHENED = /(?<![\p{L}\p{N}'-])\p{L}+(?:-\p{L}+)+(?![\p{L}\p{N}])/gu;

/**
 * The words a text joins by hyphens, written closed as index terms ("Wi-Fi" gives wifi, "e-mail"
 * email): English writes such compounds hyphenated or closed at the author's whim, and a
 * customer asking about "wifi" or "email" means the page's "Wi-Fi" or "E-mail". The index holds
 * them beside the parts (tokenize splits at hyphens); a question's own hyphened words are not
 * joined, since it then weighed the compound three times over its other words (git −1 page,
 * −2 follow-ups; Node.js −1 extractive answer). Letters only: "covid-19" or "utf-8" stay apart.
 */
export function closedCompounds(text: string): string[] {
  const out: string[] = [];
  for (const [compound] of normalizeText(text).matchAll(HYPHENED)) {
    const closed = compound.replaceAll('-', '');
    if (closed.length <= MAX_TOKEN_LENGTH) out.push(stem(closed));
  }
  return out;
}

/**
 * Porter stem of one surface token, an irregular verb form stemmed as its verb ("written" as
 * write); numbers and very short tokens are kept as they are.
 */
export function stem(token: string): string {
  return token.length < 3 ? token : stemOf(token);
}

const stemOf = boundedMemo(200_000, (token) =>
  /\p{N}/u.test(token) ? token : stemmer(IRREGULAR_FORMS.get(token) ?? token),
);

/** Per stem of an irregular verb, the first two letters of its forms that start otherwise. */
let irregularPrefixes: Map<string, string[]> | undefined;
function irregularPrefixesOf(term: string): string[] {
  if (!irregularPrefixes) {
    irregularPrefixes = new Map();
    for (const [form, verb] of IRREGULAR_FORMS) {
      const verbTerm = stem(verb);
      if (form.startsWith(verbTerm.slice(0, 2))) continue;
      const prefixes = irregularPrefixes.get(verbTerm) ?? [];
      irregularPrefixes.set(verbTerm, [...prefixes, form.slice(0, 2)]);
    }
  }
  return irregularPrefixes.get(term) ?? [];
}

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}

/** The index terms of a text, in order, with repeats: tokenize → drop stop words → stem. */
export function analyze(text: string): string[] {
  return termsOfTokens(tokenize(text));
}

/** analyze() over tokens already cut, for a caller that reads the tokens too. */
export function termsOfTokens(tokens: string[]): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    if (STOP_WORDS.has(token)) continue;
    out.push(stem(token));
  }
  return out;
}

/** normalizeText, with a fast path for plain ASCII (most passages). */
function foldCase(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : normalizeText(text);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface TermHit {
  term: string;
  start: number;
  end: number;
}

/** The term a matched word stands for (null: a stop word), as analyze() would give it. */
function termOfWord(word: string): string | null {
  let token = word;
  if (token.endsWith("'s")) token = token.slice(0, -2);
  token = token.replaceAll("'", '');
  return STOP_WORDS.has(token) ? null : stem(token);
}

const wordsOf = wordIndexer(foldCase);
const WORD_PREFIX = /^[\p{L}\p{N}]+$/u;

/** Called for each wanted term found in a text, in order, with its offsets in the folded text. */
type Visit = (term: string, start: number, end: number) => void;

/**
 * Finds the `wanted` terms (as analyze() produces them) in texts: calls `visit` for each and
 * returns the case-folded text the offsets are in. Only words that could stem to a wanted term
 * are looked at: Porter rewrites only word endings, so such a word starts with the term's first
 * two letters, or with those of one of its irregular forms ("found" for find). Texts read again
 * are not scanned again: their words are remembered (word-index.ts) and only tested for those
 * prefixes.
 */
function termMatcher(wanted: ReadonlySet<string>): (text: string, visit: Visit) => string {
  const prefixes = [
    ...new Set([...wanted].flatMap((t) => [t.slice(0, 2), ...irregularPrefixesOf(t)])),
  ];
  if (prefixes.length === 0) return (text) => foldCase(text);
  // A prefix holding anything but letters and digits ("3." of "3.5") may reach past a word.
  if (!prefixes.every((p) => WORD_PREFIX.test(p))) return scanningMatcher(wanted, prefixes);
  const one = new Set<number>();
  const two = new Set<number>();
  for (const p of prefixes) {
    if (p.length === 1) one.add(p.charCodeAt(0));
    else two.add(p.charCodeAt(0) * 0x10000 + p.charCodeAt(1));
  }
  const startsWithPrefix = (folded: string, at: number) =>
    one.has(folded.charCodeAt(at)) ||
    two.has(folded.charCodeAt(at) * 0x10000 + folded.charCodeAt(at + 1));
  return (text, visit) => {
    const { folded, starts, ends, restarts, terms } = wordsOf(text);
    for (let w = 0; w < starts.length; w++) {
      const start = starts[w] as number;
      const end = ends[w] as number;
      let term: string | null;
      if (startsWithPrefix(folded, start)) {
        term = terms[w] ?? null;
        if (terms[w] === undefined) {
          term = termOfWord(folded.slice(start, end));
          terms[w] = term;
        }
        if (term !== null && wanted.has(term)) visit(term, start, end);
        continue;
      }
      // Rare: a match starting after an inner apostrophe ("o'neil" for a term "neil").
      const from = restarts.get(w)?.find((at) => startsWithPrefix(folded, at));
      if (from === undefined) continue;
      term = termOfWord(folded.slice(from, end));
      if (term !== null && wanted.has(term)) visit(term, from, end);
    }
    return folded;
  };
}

/** termMatcher by a regular expression over the whole text (prefixes that are not words'). */
function scanningMatcher(
  wanted: ReadonlySet<string>,
  prefixes: string[],
): (text: string, visit: Visit) => string {
  const word = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${prefixes.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*(?:'[\\p{L}\\p{N}]+)*`,
    'gu',
  );
  return (text, visit) => {
    const folded = foldCase(text);
    for (const m of folded.matchAll(word)) {
      const term = termOfWord(m[0]);
      if (term !== null && wanted.has(term)) visit(term, m.index, m.index + m[0].length);
    }
    return folded;
  };
}

/**
 * A finder of the `wanted` terms in texts, giving character offsets into the case-folded
 * text, which it returns too (see termMatcher).
 */
export function termFinder(
  wanted: ReadonlySet<string>,
): (text: string) => { folded: string; hits: TermHit[] } {
  const match = termMatcher(wanted);
  return (text) => {
    const hits: TermHit[] = [];
    const folded = match(text, (term, start, end) => {
      hits.push({ term, start, end });
    });
    return { folded, hits };
  };
}

/** The distinct `wanted` terms of a text, in the order they first occur (see termMatcher). */
export function distinctTermFinder(wanted: ReadonlySet<string>): (text: string) => string[] {
  const match = termMatcher(wanted);
  return (text) => {
    const found: string[] = [];
    match(text, (term) => {
      if (!found.includes(term)) found.push(term);
    });
    return found;
  };
}

export function findTerms(
  text: string,
  wanted: ReadonlySet<string>,
): { folded: string; hits: TermHit[] } {
  return termFinder(wanted)(text);
}
