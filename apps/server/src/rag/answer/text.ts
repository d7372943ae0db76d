import { boundedMemo } from '../../lib/bounded-memo.ts';
import { stem, tokenize } from '../../search/analyzer.ts';
import { codeIdentifierParts } from '../../search/identifiers.ts';
import { impliedTerms } from '../../search/implied-terms.ts';
import type { Passage } from './types.ts';

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
  also just may might must shall tell please know get give us want need like let lets per
  dont doesnt isnt arent cant wont didnt hi hello hey hiya thanks thank ok okay yes
  yeah bye goodbye cheers`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Frequent general words: they count, but half as much as topical ones, so "best" alone does
 * not make a page about the "best inhaler" look relevant to "the best pizza in Naples".
 */
const COMMON_WORDS =
  `time times year years day days week month way ways thing things part place case number
  point fact kind lot people person man men woman women world life hand end side group problem
  question answer information example good new first last long great little old right big high
  different small large next early young important few bad same able best better worst least
  main possible real sure true whole free full clear usual common general certain available
  make made take took taken use used using find found go goes going went come came see look
  looking think say said work working call try ask seem feel leave put mean keep begin show
  hear play run move live believe bring happen write provide sit stand lose pay meet include
  continue set learn change lead understand watch follow stop create speak read allow add spend
  grow walk win offer remember consider appear buy wait serve send expect build stay fall cut
  reach remain suggest raise pass sell require report decide pull help start need needs many
  much often always never ever really still well back even now today something anything
  everything one two three cost price far ahead`
    .split(/\s+/)
    .filter(Boolean);
const COMMON = new Set(COMMON_WORDS.map((w) => stem(w)));

/** How much a common word says about a question, against 1 for a topical one. */
export const COMMON_WEIGHT = 0.5;

/** How much a matched term says about a question: 1 for topical words, 0.5 for common ones. */
export function termWeight(term: string): number {
  return COMMON.has(term) ? COMMON_WEIGHT : 1;
}

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

/**
 * Distinct content terms, remembered for recent texts: every answer analyses its passages'
 * titles, headings and sentences, and a knowledge base's popular pages come back answer after
 * answer. A text's terms never change, so the memo needs no invalidation; it is bounded in
 * entries and in the length of the texts it keeps.
 */
export const termSet: (text: string) => ReadonlySet<string> = boundedMemo(
  5_000,
  (text) => new Set(terms(text)),
  (text) => text.length <= 2_000,
);

/**
 * The terms a passage's text holds (termSet), with those it implies as the index holds them
 * (search/implied-terms.ts): a question's "wifi" is in "Free Wi-Fi in all rooms", its "phone"
 * in "Call us on 01603 555 018"; and the words of the names it writes as code, as the index
 * holds them too: "the default branch" is in "init.defaultBranch" (codeIdentifierParts; with a
 * product's name's parts too, "docs" of MkDocs drew MkDocs' answers to any sentence naming it:
 * −2 answers there, where code names alone gained git two and lost none).
 */
export const textTermSet: (text: string) => ReadonlySet<string> = boundedMemo(
  5_000,
  (text) => {
    const implied = [...impliedTerms(text), ...codeIdentifierParts(text)];
    return implied.length === 0 ? termSet(text) : new Set([...termSet(text), ...implied]);
  },
  (text) => text.length <= 2_000,
);

/** The shorter of two stems, one starting the other, is this long at least to be one word's. */
const MIN_FAMILY_STEM = 6;

/**
 * Terms with the question's words that a passage says in other forms: the alternatives the
 * search took (Passage.alternatives: "Lift to all floors" holds the "elevator" of "Is there an
 * elevator?" where the pages say "lift"), and a word no passage uses as the question stems it
 * but in another form of its family (Passage.unknown), a stem starting the other: Porter
 * stems "allergic" `allerg` and "allergens" `allergen`, "technical" `technic` and "technician"
 * `technician`; the shorter must be six letters or more ("parti" of "party" does not make
 * "partial"). Over every set with both engines: the Intercom help center's "My son is
 * allergic to peanuts …" answered (+1 extractive page and phrase), nothing else changed.
 */
export function withAlternatives(
  terms: ReadonlySet<string>,
  passage: Pick<Passage, 'alternatives' | 'unknown'>,
): ReadonlySet<string> {
  const { alternatives, unknown } = passage;
  const meant = [...(alternatives ?? [])]
    .filter(([alt, of]) => terms.has(alt) && !terms.has(of))
    .map(([, of]) => of);
  for (const word of unknown ?? []) {
    if (word.length >= MIN_FAMILY_STEM && [...terms].some((t) => sameFamily(word, t)))
      meant.push(word);
  }
  return meant.length === 0 ? terms : new Set([...terms, ...meant]);
}

const sameFamily = (a: string, b: string) =>
  a !== b &&
  Math.min(a.length, b.length) >= MIN_FAMILY_STEM &&
  (a.startsWith(b) || b.startsWith(a));
