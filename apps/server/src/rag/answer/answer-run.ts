import { asksQuestion, endsSentence, goesOnFromBefore } from '../../search/sentences.ts';
import { type AnswerType, fitsAnswerType } from './answer-type.ts';
import type { Candidate } from './candidates.ts';
import { callsToAction } from './sentence-score.ts';
import { termSet, termWeight } from './text.ts';

/**
 * Sentences in an answer: the first MIN_SENTENCES of its paragraph whatever they say, then only
 * those that add to it (addsTo), up to MAX_SENTENCES and MAX_ANSWER_CHARS. Up to five rather
 * than four, with running text that goes on about the run joining it, the extractive answer
 * held its phrase for 4 more of 179 questions (Node.js +2, PostgreSQL, the Rust Reference, the
 * PDF manuals +1 each), none lost. Three sentences whatever the third says gained as many and
 * let stray ones in ("Our shop is a family business …" after a warranty's terms). A sentence of
 * another paragraph joins only when it adds (2 of 163 answers lost a stray paragraph, no figure
 * changed); a fragment there (a dish's price under its description) reads with its neighbours.
 */
export const MAX_SENTENCES = 5;
const MIN_SENTENCES = 2;
export const MAX_ANSWER_CHARS = 900;

/** Whether the candidate at `i` goes on from the one before it (see chooseRun). */
function opensMidway(same: Candidate[], i: number): boolean {
  const c = same[i];
  const before = same[i - 1];
  return !!c && !!before && (goesOnFromBefore(c.text) || (!c.prose && before.line === c.line));
}

/**
 * Whether a sentence adds to a run that holds enough already: it holds a word of the question,
 * or, in running text, goes on about what the run says, sharing a topical word with it
 * ("Modules are cached after the first time they are loaded." before "… multiple calls to
 * require('foo') will not cause the module code to be executed multiple times"). A line of
 * metadata or another parameter's definition does not go on from it.
 */
function addsTo(run: Candidate[], next: Candidate): boolean {
  if (holdsNew(run, next)) return true;
  if (!next.prose) return false;
  for (const t of next.terms) {
    if (termWeight(t) === 1 && run.some((c) => c.terms.has(t))) return true;
  }
  return false;
}

/**
 * Whether a sentence holds a word of the question in so many words, or one it only implies
 * that the run holds nowhere: each line of an hours table implies "open"
 * (search/opening-hours.ts), and "Are you open on Sundays?" wants Sunday's, not the week's.
 */
function holdsNew(run: Candidate[], next: Candidate): boolean {
  const own = termSet(next.text);
  return [...next.held].some((t) => own.has(t) || !run.some((c) => c.held.has(t)));
}

/**
 * A page's own question in running text ("Didn't get the email? Check your spam folder."): the
 * sentence after it is its answer. A run ending on one that shares the question's words goes on
 * to that answer, and never ends on any other (a stray "Class full?" after a cancellation
 * policy). Over every set: the help centre +1 extractive follow-up ("What if the email doesn't
 * arrive?"), no answer lost, a few runs now reading a question and its answer together.
 */
const asks = (c: Candidate | undefined) => !!c?.prose && asksQuestion(c.text);
/** A page's own question that shares the question's words. */
const asksHere = (c: Candidate | undefined) => asks(c) && (c?.held.size ?? 0) > 0;

/** A sentence introducing what follows it (a list of places, a table), not code it holds. */
const introduces = (c: Candidate) => !c.code && c.text.endsWith(':');

/**
 * Where a run ending before `same[end]` on a sentence introducing what follows ends once it
 * takes in what that introduces, within `room` more characters: the next block, then each
 * line going on from it (a list's items, a table's rows).
 */
function introducedEnd(same: readonly Candidate[], end: number, room: number): number {
  const last = same[end - 1];
  if (!last || !introduces(last)) return end;
  let to = end;
  let left = room;
  for (let next = same[to]; next && next.text.length <= left; next = same[to]) {
    if (to > end && next.opens !== '\n') break;
    left -= next.text.length;
    to++;
  }
  return to;
}

/**
 * How far along its line a run that holds none of the kind of answer asked for reaches for
 * one (see chooseRun): the sentences up to it join the run though they add nothing of their own.
 */
const TYPE_REACH = 3;

/**
 * Whether the run `same[start, end)` (of `chars` characters), holding none of the kind of
 * answer asked for, reaches one within TYPE_REACH sentences of its edge's line on that side,
 * within the answer's limits (see chooseRun).
 */
function reachesAnswerType(
  same: readonly Candidate[],
  run: { start: number; end: number; chars: number },
  type: AnswerType,
  toLeft: boolean,
): boolean {
  const { start, end } = run;
  if (type.size === 0 || same.slice(start, end).some((c) => fitsAnswerType(type, c.text)))
    return false;
  const line = (toLeft ? same[start] : same[end - 1])?.line;
  const beyond = toLeft
    ? same.slice(Math.max(0, start - TYPE_REACH), start).reverse()
    : same.slice(end, end + TYPE_REACH);
  let added = run.chars;
  let sentences = end - start;
  for (const c of beyond) {
    added += c.text.length;
    sentences++;
    if (c.line !== line || added > MAX_ANSWER_CHARS || sentences > MAX_SENTENCES) return false;
    if (fitsAnswerType(type, c.text)) return true;
  }
  return false;
}

/**
 * One coherent run: the best sentence and the sentences next to it in the same passage, grown
 * first through the rest of its own line (a definition's "Default: …" after its description, a
 * list item's second sentence), then towards the better-scoring side (the following one on a
 * tie) while it fits and adds to it; it neither opens nor stops partway through what belongs
 * together. A run holding none of the kind of answer the question asks for (a price, a value)
 * also takes in, on either side, the sentences of its edge's line up to the nearest one that
 * holds it ("Learn the spiral hand-tie …" goes on "Two hours. £70 per person." for "How much is
 * the bouquet workshop?"). Only within the line: past a paragraph, the number a value question
 * finds is as often another topic's ("… are always 0." before the os.cpus() answer). Measured
 * over every set with both engines: Squarespace +1 extractive answer holding its phrase, a
 * held-out PostgreSQL answer now ending on the setting's "The default is 30 seconds.", nothing
 * lost; across paragraphs too, the held-out Rust Reference +1 but Node.js a stray sentence.
 * A run ending on a sentence that introduces what follows goes on to the lines it introduces
 * (an answer does not end on one: answerText drops it): over every set, the Ghost publication
 * +1 extractive answer ("Single copies cost £3.20 from these stockists …:" had been dropped,
 * leaving "Not a member?"), five more showing the list or table they announce, none lost.
 */
export function chooseRun(candidates: Candidate[], best: Candidate, type: AnswerType): Candidate[] {
  const same = candidates.filter((c) => c.passage === best.passage);
  let start = same.indexOf(best);
  let end = start + 1;
  let chars = best.text.length;
  const fits = (c: Candidate | undefined) => !!c && chars + c.text.length <= MAX_ANSWER_CHARS;
  const reachesType = (toLeft: boolean) =>
    reachesAnswerType(same, { start, end, chars }, type, toLeft);
  while (end - start < MAX_SENTENCES) {
    const left = same[start - 1];
    const right = same[end];
    const ownLine = (c: Candidate | undefined) => (c?.line === best.line ? 1 : 0);
    // A run ending on a question asked here too goes on to its answer.
    const answers = asksHere(same[end - 1]) && fits(right) && !asks(right);
    const useLeft =
      !answers &&
      fits(left) &&
      (!fits(right) ||
        ownLine(left) > ownLine(right) ||
        (ownLine(left) === ownLine(right) && (left?.score ?? 0) > (right?.score ?? 0)));
    // Past the minimum only sentences that add something to the answer join it; so, even
    // before it, do whole sentences of another paragraph ("Dogs are welcome on the terrace."
    // does not take in "Today their daughter runs the kitchen."), and other rows of a table
    // (a row is whole on its own).
    const joins = (toLeft: boolean): boolean => {
      const next = toLeft ? left : right;
      // A button's label beside it ("Book a lesson") says nothing (five answers lost one).
      if (!next || !fits(next) || callsToAction(next.text)) return false;
      const edge = (toLeft ? same[start] : same[end - 1]) as Candidate;
      // A fragment (endsSentence) reads with what is next to it.
      const apart =
        (toLeft ? edge : next).opens === '\n\n' &&
        endsSentence(next.text) &&
        endsSentence(edge.text);
      const whole = apart || end - start >= (best.row ? 1 : MIN_SENTENCES);
      return !whole || addsTo(same.slice(start, end), next) || (!toLeft && answers);
    };
    // The preferred side if it joins; else either side, preferred first, reaching for the
    // kind of answer asked for.
    const toLeft =
      joins(useLeft) || reachesType(useLeft)
        ? useLeft
        : reachesType(!useLeft)
          ? !useLeft
          : undefined;
    if (toLeft === undefined) break;
    const next = (toLeft ? left : right) as Candidate;
    if (toLeft) start--;
    else end++;
    chars += next.text.length;
  }
  // A run opening on a sentence that goes on from the one before ("That is, …"), or inside a
  // definition's or a parameter's line (its "Default: …"), takes in what it goes on from, or
  // starts after it.
  while (opensMidway(same, start)) {
    const before = same[start - 1] as Candidate;
    if (fits(before)) {
      start--;
      chars += before.text.length;
    } else {
      if (same[start] !== best) start++;
      break;
    }
  }
  // Nor does it end on a sentence introducing what follows ("… from these stockists on
  // publication day:"): it goes on to the lines it introduces, as far as they fit.
  const listed = introducedEnd(same, end, MAX_ANSWER_CHARS - chars);
  for (const c of same.slice(end, listed)) chars += c.text.length;
  end = listed;
  // Nor does it end on a question it leaves unanswered, unless it is all there is.
  if (end - start > 1 && asks(same[end - 1]) && same[end - 1] !== best) end--;
  // Nor does it stop inside a definition's or a parameter's line, where the rest fits.
  while (end < same.length) {
    const next = same[end] as Candidate;
    if (next.prose || next.line !== same[end - 1]?.line || !fits(next)) break;
    chars += next.text.length;
    end++;
  }
  return same.slice(start, end);
}
