import { stemmer } from 'stemmer';
import { boundedMemo } from '../lib/bounded-memo.ts';
import { IRREGULAR_FORMS } from './irregular-verbs.ts';
import { STOP_WORDS } from './stop-words.ts';
import { surfaceToken } from './surface-token.ts';
import { wordIndexer } from './word-index.ts';

/**
 * Numbers keep their inner separators ("3.5", "1,000") so they match as written; a version
 * number written with a "v" ("v1.6", "v18.2.0") is the number ("1.6" as "Version 1.6" writes
 * it), where it would otherwise be split into "v1" and "6"; words are runs of letters/digits
 * with inner apostrophes. Hyphens split ("covid-19" → covid, 19), as Lucene's standard
 * tokenizer does, so either half matches.
 */
const TOKEN =
  /(?<![\p{L}\p{N}])v\p{N}+(?:\.\p{N}+)+(?:\p{L}[\p{L}\p{N}]*)?|\p{N}+(?:[.,]\p{N}+)*(?:\p{L}[\p{L}\p{N}]*)?|[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;
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
    if (match[0].length > MAX_TOKEN_LENGTH) continue;
    const token = surfaceToken(match[0]);
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
  /\p{N}/u.test(token) ? token : foldStem(stemmer(IRREGULAR_FORMS.get(token) ?? token)),
);
/**
 * Porter strips "-ment" only from a longer stem ("payment" stays `payment`, while "enjoyment"
 * becomes `enjoy`), so a customer's "How do I pay?" never met a page's "Payment methods". The
 * nouns in -ment of everyday speech (SUBTLEX-US, said 20 times or more) that Porter keeps and
 * that name the act of their verb are read as that verb; the others name something else
 * ("statement", "basement", "movement", "placement", "comment", "moment"). "treatment" and
 * "agreement" as well cost SciFact's nDCG@10 0.0015 and COVID-QA's top-5 0.1 points (a
 * treatment is not always the act of treating there), and are left as Porter writes them.
 */
const MENT_NOUNS = new Map(
  (
    [
      ['payment', 'pay'],
      ['shipment', 'ship'],
    ] as const
  ).map(([noun, verb]) => [stemmer(noun), stemmer(verb)]),
);
const foldStem = (s: string) => MENT_NOUNS.get(s) ?? foldIfy(s);
/**
 * Porter stems a verb in -ify and its noun in -ification apart (`qualifi`, `qualif`): "Are your
 * tutors qualified?" did not meet "a recognised teaching qualification", nor "verify" its
 * "verification". The verb's stem is read as the noun's; short stems keep their "i" ("wifi").
 * Over every set with both engines: Notion +1 page and phrase each, nothing else changed.
 */
const foldIfy = (s: string) => (s.length >= 6 && s.endsWith('ifi') ? s.slice(0, -1) : s);

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

export interface TermHit {
  term: string;
  start: number;
  end: number;
}

/** The term a matched word stands for (null: a stop word), as analyze() would give it. */
function termOfWord(word: string): string | null {
  const token = surfaceToken(word);
  return token === '' || STOP_WORDS.has(token) ? null : stem(token);
}

const wordsOf = wordIndexer(foldCase);

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
  // A number ("15.3", "1000" written "1,000", "1.6" written "v1.6") is not a run of letters
  // and digits: numbers are looked for apart, and the hits of both put in reading order.
  const numbers = new Set([...wanted].filter((t) => /^\p{N}/u.test(t)));
  if (numbers.size === 0) return wordMatcher(wanted);
  const matchWords = wordMatcher(new Set([...wanted].filter((t) => !numbers.has(t))));
  const matchNumbers = numberMatcher(numbers);
  return (text, visit) => {
    const hits: TermHit[] = [];
    const collect: Visit = (term, start, end) => hits.push({ term, start, end });
    matchWords(text, collect);
    const folded = matchNumbers(text, collect);
    hits.sort((a, b) => a.start - b.start);
    for (const { term, start, end } of hits) visit(term, start, end);
    return folded;
  };
}

/** termMatcher for words: a walk over the text's remembered words (word-index.ts). */
function wordMatcher(wanted: ReadonlySet<string>): (text: string, visit: Visit) => string {
  const prefixes = [
    ...new Set([...wanted].flatMap((t) => [t.slice(0, 2), ...irregularPrefixesOf(t)])),
  ];
  if (prefixes.length === 0) return (text) => foldCase(text);
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

/**
 * A number as TOKEN cuts one (a version's "v" too), not inside a word: "x1.5" is x1 and 5 to
 * analyze(), "dev1.2" dev1 and 2.
 */
const NUMBER =
  /(?<![\p{L}\p{N}])(?:v\p{N}+(?:\.\p{N}+)+|\p{N}+(?:[.,]\p{N}+)*)(?:\p{L}[\p{L}\p{N}]*)?/gu;

/**
 * The numbers of a text with the terms they stand for and their offsets in the folded text,
 * remembered as its words are (a question with a number reads the same passages' texts again).
 */
const numbersOf = boundedMemo(20_000, (text: string): TermHit[] => {
  const hits: TermHit[] = [];
  for (const m of wordsOf(text).folded.matchAll(NUMBER)) {
    const term = m[0].length > MAX_TOKEN_LENGTH ? null : termOfWord(m[0]);
    if (term !== null) hits.push({ term, start: m.index, end: m.index + m[0].length });
  }
  return hits;
});

/** termMatcher for numbers: the text's numbers as analyze() reads them (numbersOf). */
function numberMatcher(wanted: ReadonlySet<string>): (text: string, visit: Visit) => string {
  return (text, visit) => {
    for (const { term, start, end } of numbersOf(text)) {
      if (wanted.has(term)) visit(term, start, end);
    }
    return wordsOf(text).folded;
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
