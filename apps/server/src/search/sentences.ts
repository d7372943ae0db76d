/**
 * Words whose trailing period does not end a sentence. Not "etc.": a sentence that ends on it
 * takes its period ("… to provide user support, etc. The description of …"), and one that goes
 * on after it goes on in lower case ("files, links, etc. are kept"), which never ends one.
 */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'vs',
  'al',
  'fig',
  'figs',
  'no',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'st',
  'inc',
  'ltd',
  'co',
  'jr',
  'sr',
  'approx',
  'ca',
  'cf',
  'eq',
  'ref',
  'vol',
  'p',
  'pp',
]);

const BOUNDARY = /[.!?…]+["'”’)\]]*\s+/g;

/**
 * Splits a paragraph into sentences (whitespace kept with the sentence before it). A period
 * after a known abbreviation or a single letter, or followed by a lower-case word, is not a
 * boundary.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(BOUNDARY)) {
    const end = m.index + m[0].length;
    const next = text[end];
    if (next !== undefined && /\p{Ll}/u.test(next)) continue;
    if (m[0].startsWith('.') && !m[0].startsWith('..')) {
      const before = /([\p{L}.]+)$/u.exec(text.slice(start, m.index))?.[1]?.toLowerCase() ?? '';
      if (ABBREVIATIONS.has(before) || /^\p{L}$/u.test(before)) continue;
    }
    out.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** Cuts text longer than `max` at whitespace (never mid-word unless a single word exceeds it). */
export function splitAtWords(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max);
    if (cut <= 0) cut = rest.search(/\s/) > 0 ? rest.search(/\s/) : rest.length;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  if (rest.length > 0) out.push(rest);
  return out;
}

/**
 * Openings of a sentence that goes on from the one before it ("That is, …", "Otherwise …",
 * "In that case …"): general English connectives. A passage or an answer starting on one reads
 * cut off.
 */
const GOES_ON =
  /^(?:that is|in other words|however|otherwise|also|or|but|and|so|then|instead|thus|therefore|hence|similarly|likewise|alternatively|in (?:that|this|such a) case|for (?:example|instance)|as a result|this means)\b/i;

/** Whether a sentence opens by going on from the one before it. */
export const goesOnFromBefore = (sentence: string) => GOES_ON.test(sentence);

/** Whether a text ends unfinished (on a word or a comma): what follows it completes it. */
export const leftUnfinished = (text: string) => /[\p{L}\p{N},]\s*$/u.test(text);

/** Whether a text goes on in lower case: the rest of a sentence, not a new one. */
export const opensLowerCase = (text: string) => /^\s*\p{Ll}/u.test(text);

/**
 * Whether a text ends as a whole sentence does (a full stop, a question or an exclamation mark,
 * closing quotes or brackets after it), not as a fragment set apart on its own: a price under a
 * dish's description, a label, `Returns: <string>`.
 */
export const endsSentence = (text: string) => /[.!?]["'”’)\]]*$/.test(text);

/** Whether a sentence is a question ("Didn't get the email?", "Class full?"). */
export const asksQuestion = (text: string) => /\?["'”’)\]]*$/.test(text);
