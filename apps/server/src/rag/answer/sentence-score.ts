import { stem } from '../../search/analyzer.ts';
import { asksQuestion } from '../../search/sentences.ts';
import { type AnswerKind, type AnswerType, fitsAnswerType } from './answer-type.ts';
import type { Candidate } from './candidates.ts';
import { namesDefinition } from './definitions.ts';

/**
 * Score a sentence loses per rank of its passage. Retrieval ranked the whole section (its
 * heading, its neighbours, all the question's words); a sentence shares only a few of them, so
 * one from a lower passage must share clearly more of the question to be preferred. 0.12–0.2
 * measured alike; 0.08 let a lower passage win on one extra common word.
 */
const RANK_DISCOUNT = 0.15;
/**
 * How much a question word's rarity among the candidate sentences adds to its weight (1 + this
 * × ln(n / df)). The passages are about the question's subject, so its own words are in most of
 * them and a word it mentions in passing in few: at 1, "Our docs live under a sub-folder of the
 * company domain …" was answered with "… the docs_dir and its sub-directories" (doc, sub) over
 * "If the 'root' of the MkDocs site will be within a subdirectory of a domain, be sure to
 * include that subdirectory in the setting" (site, domain, MkDocs, all common there). On the
 * development sets 0.25–0.35 gained five answers holding their phrase (MkDocs, Notion, a
 * PostgreSQL and two Squarespace follow-ups) and lost none, 0.1 and 0.2 lost some of them
 * again, none at all lost four; the held-out PostgreSQL set −1 at 0.3.
 */
const RARITY_WEIGHT = 0.3;
/**
 * Score factor for a sentence on a definition line whose defined term the question names
 * (`--dry-run: Lists what would be sent …` for "does sync --dry-run upload anything?"): the
 * line is about exactly what is asked, even when it shares fewer words with the question than a
 * passage retrieval ranked higher. On qa-dev, 1 (doubling) and 1.5 measured alike; 0.5
 * recovered half as many answers.
 */
const DEFINED_BONUS = 1;
/**
 * Question terms found only in a passage's title, heading or stored question count this much
 * for each of its sentences: a section headed with what is asked is about it, though its
 * sentences need not repeat the heading's words ("Exit status" over "When the remote already
 * exists, the exit status is 3"). On qa-dev extractive answers, 0.45–0.8 measured alike and
 * above 0.3 (git +1); 1 let a heading outweigh the sentences' own words (nodejs −2).
 */
const CONTEXT_WEIGHT = 0.6;
/**
 * Score factor for a sentence that holds the kind of answer the question asks for
 * (answer-type.ts): a value for "how big…", a reason for "why…". On qa-dev, 1 recovered three
 * answers on one set and none lost on the other; 0.5 recovered none, 2 as many as 1.
 */
const ANSWER_TYPE_BONUS = 1;
/**
 * The same for the narrow kinds, whose forms few sentences have by chance: a span of time, an
 * age, a time of day or a date, a material, a person, a discount. Over every set, 2 for the
 * first four: +3 extractive answers ("how long does a permanent session last":
 * `timedelta(days=31)` over the setting's name), none lost; 2 for every kind as well: +2 more,
 * but −4 where any number or any "because" won ("Why would creating a shipment return a 422?").
 * Added as narrow kinds since: a person (+2 extractive answers: the dentist's "Who does
 * implants?", the sailing club's "Who should I email …?", none lost) and a discount (+1: a
 * paper's student rate; asked as a price instead, +2 −1, a percentage off being no price).
 */
const NARROW_TYPE_BONUS = 2;
const NARROW_KINDS: readonly AnswerKind[] = [
  'duration',
  'age',
  'time',
  'material',
  'person',
  'discount',
];
/**
 * The same for a price asked for: nothing else answers "how much does X cost?", not even a
 * line defining X ("Implants: An implant replaces a missing tooth …", DEFINED_BONUS) from a
 * better-ranked passage, where a price list's "Single implant from £2,400" does.
 */
const PRICE_BONUS = 2;
/**
 * The words a price question asks with ("cost", "price", "fee") say what kind of answer it
 * wants (PRICE_BONUS gives it), not what it is about: "Renting a number costs from €1 a month"
 * shares "cost" with "How much does one SMS to Germany cost?", the price list's "Germany:
 * €0.072" its subject. They count only in a question naming nothing else.
 */
const PRICE_WORDS = new Set(['cost', 'price', 'pricing', 'fee'].map(stem));

function withoutPriceWords(wanted: ReadonlyMap<string, number>): ReadonlyMap<string, number> {
  const topic = new Map([...wanted].filter(([t]) => !PRICE_WORDS.has(t)));
  return topic.size > 0 ? topic : wanted;
}

/**
 * Score factor for a sentence of the section an API reference heads with the name the question
 * asks about (`performance.now()` for "what is performance.now() measured relative to?"). Its
 * sentences say what the name does without repeating it ("Returns the current high resolution
 * millisecond timestamp, …"), while sentences elsewhere that mention the name in passing share
 * more of the question's words. On qa-dev, 2 and 3 measured alike (Node.js +3 answers, git
 * none, none lost); 1 recovered one. A hyphenated compound is such a name too (a `pre-commit`
 * section, not the `pre-merge-commit` one mentioning it more): over every set, one extractive
 * answer moved to the section it asks about, no other changed.
 */
const HEADED_BONUS = 2;
/**
 * Whether a sentence is part of what its section says about a name the question asks about:
 * the section's prose, or another line of it (a parameter, `Default: …`) sharing the question's
 * words. A line sharing none of them (`- data <any>`, `Added in: v0.1.100`) is not an answer,
 * though it sits under the right heading.
 */
const documents = (c: Candidate, asked: ReadonlySet<string>) =>
  (c.prose || c.held.size > 0) && [...c.headed].some((name) => asked.has(name));

/**
 * A line of bare names (`--openssl-legacy-provider --openssl-shared-config`, `fs.open()`):
 * options, calls or code with no word said about them. It says nothing as an answer of its own.
 */
const BARE_NAMES = /^(?:(?:-{1,2}[\w.=<>[\]-]+|[\w.]+\([^)]*\)|`[^`]+`)[\s,;]*)+$/;

/**
 * A button's or a link's call to action standing as a line of its own ("Start free trial",
 * "Read more →", "Book a table"): a verb inviting a click, at most three words after it, no
 * digits (a line giving a number, "Call 0800 123 456", says something) and no sentence's end.
 * It names what the page offers without saying anything about it. Over every set: SaaS +1
 * extractive answer ("Is there a free trial?": the 14-day trial, not the pricing card's
 * button), no other answer changed.
 */
const CALL_TO_ACTION =
  /^(?:start|book|buy|shop|learn|read|see|view|get|try|sign|join|contact|download|subscribe|check|order|explore|discover|request|browse|find|register|apply|reserve|email)\b(?:\s+[\p{L}'’-]+){0,3}\s*[→›»>]?$/iu;

/** Whether a line is a button's or a link's call to action (CALL_TO_ACTION). */
export const callsToAction = (text: string) => CALL_TO_ACTION.test(text);

/**
 * Sentences with more content terms than this ramble; fewer than MIN_WORDS say little, but for a
 * table's row, whose column labels say the rest ("Destination: India | Price: €0.0045").
 */
const MAX_WORDS = 40;
/**
 * Nor does a page's own question ("Didn't get the email?", "Class full?"), short as questions
 * are: it heads its answer (answer-run.ts). Over every set no figure changed; "How long is the
 * reset link valid?" kept to the link's and the password's steps, not the whole procedure.
 */
const MIN_WORDS = 3;

/**
 * What of a table's row answers the question: the cells of the columns it names ("Family
 * Suite" in "What does the family suite cost?") with the row's own header cell, when it names
 * some of them; otherwise the whole row. A comparison table's row (rooms, plans) holds every
 * column's value, and another column's price is not the one asked for. Over every set: the
 * hotel +1 extractive answer, nothing lost; read so in record tables too (every cell labelled),
 * four answers lost their row's key ("error 2005 … what does that mean?" named `Meaning`).
 */
function askedCells(
  c: Candidate,
  wanted: ReadonlyMap<string, number>,
): { terms: ReadonlySet<string>; text: string } {
  // Only a row headed by a cell of its own (an attribute: "Extra bed possible") compares
  // columns; a row whose every cell is labelled is one record (`Code: 2005 | Meaning: …`).
  const cells = c.cells ?? [];
  if (cells[0]?.label.size !== 0) return c;
  const labelled = cells.filter((cell) => cell.label.size > 0);
  const named = labelled.filter((cell) => [...cell.label].every((t) => wanted.has(t)));
  if (named.length === 0 || named.length === labelled.length) return c;
  const kept = cells.filter((cell) => cell.label.size === 0 || named.includes(cell));
  return {
    terms: new Set(kept.flatMap((cell) => [...cell.terms])),
    text: kept.map((cell) => cell.text).join(' | '),
  };
}

/**
 * Scores every sentence by the wanted terms it contains, each weighted by its own weight (lower
 * for terms carried from the previous turn) and somewhat by how rare it is among the candidate
 * sentences (RARITY_WEIGHT), with a preference for better-ranked passages
 * (RANK_DISCOUNT), for definitions of what is asked, for the section documenting the name it
 * asks about (`asked`: the question's names, identifiers.ts thingNames) and for the kind of
 * answer asked for, and against rambling sentences. Sets each candidate's `score` and `held`.
 */
export function scoreCandidates(
  wanted: ReadonlyMap<string, number>,
  type: AnswerType,
  asked: ReadonlySet<string>,
  candidates: Candidate[],
): void {
  const df = new Map<string, number>();
  for (const c of candidates)
    for (const t of wanted.keys()) if (c.terms.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = candidates.length;
  const typeBonus = type.has('price')
    ? PRICE_BONUS
    : NARROW_KINDS.some((k) => type.has(k))
      ? NARROW_TYPE_BONUS
      : ANSWER_TYPE_BONUS;
  const topic = type.has('price') ? withoutPriceWords(wanted) : wanted;
  for (const c of candidates) {
    const { terms, text } = askedCells(c, wanted);
    let s = 0;
    // A row's column labels say what its cells are, the same for every row: they count for a
    // row that says something asked itself ("Level: A1" of a timetable's row does not answer
    // "How long is the level test?"; "Meaning: …" of error 2005's row answers what it means).
    // Over every set: the answer to that question kept (the Notion timetable's rows took it
    // once read as a table), two others changed, none lost.
    let labelled = 0;
    for (const [t, w] of topic) {
      const weight = w * (1 + RARITY_WEIGHT * Math.log((n + 1) / ((df.get(t) ?? 0) + 1)));
      if (terms.has(t)) {
        s += weight;
        c.held.add(t);
      } else if (c.context.has(t)) s += CONTEXT_WEIGHT * weight;
      else if (c.labels.has(t)) labelled += CONTEXT_WEIGHT * weight;
    }
    if (c.held.size > 0) s += labelled;
    const words = c.terms.size;
    const lengthPenalty =
      words > MAX_WORDS
        ? 1 + (words - MAX_WORDS) / MAX_WORDS
        : words < MIN_WORDS && !c.row && !asksQuestion(c.text)
          ? 1.5
          : 1;
    const named = namesDefinition(wanted, c.defines) ? 1 + DEFINED_BONUS : 1;
    const typed = fitsAnswerType(type, text, c.passage.heading ?? '') ? 1 + typeBonus : 1;
    const headed = documents(c, asked) ? 1 + HEADED_BONUS : 1;
    const says = BARE_NAMES.test(c.text) || callsToAction(c.text) ? 0 : 1;
    c.score = (s / lengthPenalty) * (1 - RANK_DISCOUNT * c.rank) * named * typed * headed * says;
  }
}
