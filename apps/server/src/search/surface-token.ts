/** A version number's "v" ("v1.6" is the number 1.6). */
const VERSION_V = /^v(?=\p{N}+\.\p{N})/u;

/**
 * A pronoun's contraction ("I'm", "we'd", "you'll", "they've", "we're"): its ending is an
 * auxiliary (am, would, will, have, are), so the token is the pronoun. With the apostrophe
 * dropped instead, they read as words of their own: "I'd like my own 404 page" searched for
 * `id` (every page's element ids), "We'd like to throw a party" for `wed` (an hours table's
 * Wednesday), "I'll" for `ill`.
 */
const PRONOUN_CONTRACTION = /^(i|you|we|they|he|she|it|that|there|who|what)'(?:m|d|ll|ve|re)$/u;

/**
 * The surface token a word (analyzer.ts's TOKEN) stands for: a pronoun's contraction the
 * pronoun, possessive stripped, apostrophes dropped, a version's "v" and a number's thousands
 * separators dropped ("1,000" and "1000" are the same number).
 */
export function surfaceToken(match: string): string {
  let token = match.replace(VERSION_V, '');
  if (token.includes("'")) {
    const pronoun = PRONOUN_CONTRACTION.exec(token)?.[1];
    if (pronoun) return pronoun;
    if (token.endsWith("'s")) token = token.slice(0, -2);
    token = token.replaceAll("'", '');
  }
  if (/^\p{N}/u.test(token)) token = token.replaceAll(',', '');
  return token;
}
