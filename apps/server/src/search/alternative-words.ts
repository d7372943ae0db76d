import { analyze } from './analyzer.ts';

/**
 * Words a customer and a help page often use for the same thing ("folder" and "directory",
 * "handler" and "callback"), one group per meaning. A group says only that its words may
 * stand for one another; which one a bot's pages actually use is read from its own index
 * (ALTERNATIVE_PREFERENCE), so a shop whose pages say "folder" is searched as before.
 * General vocabulary only: nothing here names a product, a site or a question.
 */
const GROUPS = [
  'folder directory',
  'delete remove erase',
  // Not "listener": analyze() writes it as the verb "listen" ("listen on a port").
  'handler callback',
  'separator delimiter',
  'author contributor',
  'large big size',
  'maximum limit cap',
  'enable activate',
  'disable deactivate',
  'launch start',
  'kill terminate',
  'cancel abort',
  'pause suspend',
  'combine merge',
  'save store',
  'show display print',
  'hide conceal',
  'setting option configuration',
  'undo revert',
  'error failure',
  'password credential',
  'login signin',
  'email mail',
  'picture image photo',
  'program application app',
  'computer machine host',
  'latest newest recent',
  'empty blank',
  'update upgrade',
  'purchase buy',
  'price cost',
  'refund reimbursement',
  'shipping delivery',
  'install setup',
  'permission access',
  'fix repair correct',
  'quick fast',
  'duplicate copy',
  // "Does it expire?" is answered by how long a thing is valid, and the other way round.
  'expire valid',
  // British and American English: a customer may write one where the pages write the other.
  'lift elevator',
  'holiday vacation',
  'mobile cellphone',
  'postcode zipcode',
  'timetable schedule',
  'jumper sweater',
  'trousers pants',
  'nappy diaper',
  'tyre tire',
  'toilet restroom washroom',
  'motorway highway',
  'pavement sidewalk',
  'rubbish trash garbage',
  'chemist pharmacy',
  'grey gray',
  'colour color',
  'centre center',
  'favourite favorite',
  'licence license',
  'catalogue catalog',
  'programme program',
  'aluminium aluminum',
  'analyse analyze',
];

/**
 * A question's word stands for another of its group only where the bot's pages clearly prefer
 * that other one: it is in at least this many times as many chunks as the question's word,
 * counted one more. Then it is searched as the question's own word (ALTERNATIVE_WEIGHT): the
 * customer wrote "folder", the pages write "directory" throughout. On qa-dev (both engines), 2
 * and 4 measured alike and 8 lost the one Node.js model passage 4 gained; weights 0.4–0.8
 * raised the same chunks less (that passage stayed out). Without the preference (any
 * alternative more common than the question's word), git lost a model passage and four
 * extractive answers' passages: a page using both words is pulled towards the other one.
 *
 * A word the pages never use at all needs the other in one chunk only: a small hotel's site
 * says "Lift to all floors" once and "elevator" nowhere (it needed four chunks before, and
 * nothing on the development sets changed with the relaxed rule alone). There the answer
 * engines read the alternative as the question's word too (Passage.alternatives): the hotel's
 * "Is there an elevator?" +1 page and phrase with each engine, no other figure changed. Read so
 * also where the pages use both words, MkDocs lost an extractive answer ("sub-folder" drew it
 * to a sentence on sub-directories).
 */
const ALTERNATIVE_PREFERENCE = 4;
export const ALTERNATIVE_WEIGHT = 1;

/** Whether the pages prefer an alternative in `altChunks` chunks to the word in `ownChunks`. */
export const pagesPrefer = (altChunks: number, ownChunks: number) =>
  ownChunks === 0 ? altChunks > 0 : altChunks >= ALTERNATIVE_PREFERENCE * (ownChunks + 1);

/** Each term (as analyze() writes it) → the other terms of its groups. */
const ALTERNATIVES = new Map<string, string[]>();
for (const group of GROUPS) {
  const terms = [...new Set(group.split(' ').map((w) => analyze(w)[0] ?? w))];
  for (const t of terms) {
    const others = terms.filter((o) => o !== t);
    ALTERNATIVES.set(t, [...(ALTERNATIVES.get(t) ?? []), ...others]);
  }
}

/**
 * The words that may stand for the given terms, those already among them left out:
 * alternative → the term it stands for (the first one, when it stands for several).
 */
export function alternativeWords(terms: Iterable<string>): Map<string, string> {
  const own = new Set(terms);
  const out = new Map<string, string>();
  for (const t of own) {
    for (const alt of ALTERNATIVES.get(t) ?? [])
      if (!own.has(alt) && !out.has(alt)) out.set(alt, t);
  }
  return out;
}
