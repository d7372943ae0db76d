import { stemmer } from 'stemmer';
import { STOP_WORDS } from './stop-words.ts';

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

const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 200_000;

/** Porter stem of one surface token; numbers and very short tokens are kept as they are. */
export function stem(token: string): string {
  if (token.length < 3) return token;
  let stemmed = stemCache.get(token);
  if (stemmed === undefined) {
    stemmed = /\p{N}/u.test(token) ? token : stemmer(token);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(token, stemmed);
  }
  return stemmed;
}

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}

/** The index terms of a text, in order, with repeats: tokenize → drop stop words → stem. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    if (STOP_WORDS.has(token)) continue;
    out.push(stem(token));
  }
  return out;
}

/**
 * The positions (in analyze() order) at which `text` holds one of `wanted`: analyze() for
 * a few terms, without stemming words that cannot match. Porter only rewrites word endings,
 * so a word whose first two letters start no wanted stem cannot stem to one.
 */
export function findTerms(
  text: string,
  wanted: ReadonlySet<string>,
): { term: string; position: number }[] {
  const prefixes = new Set([...wanted].map((t) => t.slice(0, 2)));
  const out: { term: string; position: number }[] = [];
  let position = 0;
  for (const token of tokenize(text)) {
    if (STOP_WORDS.has(token)) continue;
    if (prefixes.has(token.slice(0, 2))) {
      const term = stem(token);
      if (wanted.has(term)) out.push({ term, position });
    }
    position++;
  }
  return out;
}
