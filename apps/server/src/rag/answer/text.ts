import { stem, tokenize } from '../../search/analyzer.ts';

/**
 * The answer engines' view of words: the search analyzer's tokens and stems, with a wider stop
 * list than the index uses, because here words like "what" or "tell" must not make an
 * unrelated sentence look relevant to a question.
 */
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can cannot could did do does doing down during each few for from
  further had has have having he her here hers herself him himself his how i if in into is it
  its itself me more most my myself no nor not of off on once only or other ought our ours
  ourselves out over own same she should so some such than that the their theirs them
  themselves then there these they this those through to too under until up very was we were
  what when where which while who whom why will with would you your yours yourself yourselves
  also just may might must shall tell please know get give us want need like let lets im ive
  id youre dont doesnt isnt arent cant wont didnt hi hello hey hiya thanks thank ok okay yes
  yeah bye goodbye cheers`
    .split(/\s+/)
    .filter(Boolean),
);

/** Content terms: stop words removed, stemmed, in order (duplicates kept). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    if (STOP_WORDS.has(token)) continue;
    if (token.length === 1 && !/\p{N}/u.test(token)) continue;
    out.push(stem(token));
  }
  return out;
}

/** Distinct content terms. */
export function termSet(text: string): Set<string> {
  return new Set(terms(text));
}
