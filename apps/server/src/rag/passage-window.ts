import { boundedMemo } from '../lib/bounded-memo.ts';
import { distinctTermFinder } from '../search/analyzer.ts';
import { qualifiedNames } from '../search/identifiers.ts';
import {
  goesOnFromBefore,
  leftUnfinished,
  opensLowerCase,
  splitSentences,
} from '../search/sentences.ts';

/**
 * The piece of a section handed on as a passage: the run of consecutive units (sentences, list
 * items, table rows, code blocks) around the ones that best match the question, as long as a
 * character budget allows. Units keep what joined them in the text (a space within a line, a
 * line break, a blank line between blocks), so the window reads as the page does.
 */
export interface Unit {
  text: string;
  /** What joins this unit to the one before it. */
  joiner: '' | ' ' | '\n' | '\n\n';
}

/** How much each term of the question says: its query weight times its rarity. */
export type TermValue = (term: string) => number;

const FENCE = /^```/;

/** A text's units: fenced code blocks whole, other lines cut into sentences. */
export function unitsOf(text: string, first: Unit['joiner'] = ''): Unit[] {
  const out: Unit[] = [];
  let joiner = first;
  for (const block of splitBlocks(text)) {
    if (FENCE.test(block)) {
      out.push({ text: block, joiner });
    } else {
      block.split('\n').forEach((line, i) => {
        splitSentences(line).forEach((s, j) => {
          const sentence = s.trim();
          if (!sentence) return;
          out.push({ text: sentence, joiner: j > 0 ? ' ' : i > 0 ? '\n' : joiner });
        });
      });
    }
    joiner = '\n\n';
  }
  return out;
}

/** Chunk texts whose units are remembered (a knowledge base's chunks are read again and again). */
const REMEMBERED_TEXTS = 10_000;
const remembered = {
  '': boundedMemo(REMEMBERED_TEXTS, (text) => unitsOf(text, '')),
  '\n\n': boundedMemo(REMEMBERED_TEXTS, (text) => unitsOf(text, '\n\n')),
};

/**
 * unitsOf for a text starting a section or following another block, remembered for recent
 * texts; the units are shared between callers, so they must not be changed.
 */
export function rememberedUnitsOf(text: string, first: '' | '\n\n'): readonly Unit[] {
  return remembered[first](text);
}

/** Blocks separated by blank lines, a fenced code block (blank lines and all) as one. */
function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let fenced = false;
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) fenced = !fenced;
    if (!fenced && line.trim() === '' && !FENCE.test(line)) {
      if (current.length > 0) blocks.push(current.join('\n'));
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks.filter((b) => b.trim() !== '');
}

export function renderUnits(units: Unit[]): string {
  return units.map((u, i) => (i === 0 ? u.text : `${u.joiner}${u.text}`)).join('');
}

/**
 * Scores units by the value of the distinct question terms each holds. The finder looks only
 * at words that could stem to a question term, much cheaper than analysing every unit. A
 * qualified name the question gives (`init.defaultBranch`) is a term of its own, as in the
 * index, and not a word: it is looked for as one.
 */
export function unitScorer(terms: Iterable<string>, value: TermValue): (unit: Unit) => number {
  const wanted = new Set(terms);
  const distinctTerms = distinctTermFinder(wanted);
  const names = new Set([...wanted].filter((t) => qualifiedNames(t).join() === t));
  return (unit) => {
    let score = 0;
    for (const term of distinctTerms(unit.text)) score += value(term);
    if (names.size === 0) return score;
    for (const name of new Set(qualifiedNames(unit.text)))
      if (names.has(name)) score += value(name);
    return score;
  };
}

/**
 * Whether unit `i` goes on from the one before it, so that a window starting there reads cut
 * off: a sentence continuing after a code block ("`git switch -c x`" then "will create …"), a
 * code block after the sentence introducing it ("…, like so:", "… the state before it with"),
 * or a sentence opening on what it goes on from ("That is, …").
 */
function goesOn(units: Unit[], i: number): boolean {
  const unit = units[i]?.text ?? '';
  const before = units[i - 1]?.text ?? '';
  if (FENCE.test(unit)) return /:$/.test(before) || leftUnfinished(before);
  return FENCE.test(before) ? opensLowerCase(unit) : goesOnFromBefore(unit);
}

/**
 * The best window of `units` within `budget` characters: it starts from the best-scoring unit
 * within `seed` (the retrieved chunk's own units, so a neighbour that matches better is left to
 * its own passage; all units by default), the earliest of equals, taken with the units around it
 * that hold the most score (richestSpan), and grows one unit at a time towards the
 * better-scoring neighbour (the following one on a tie: explanations follow what they explain;
 * the one before while the window's first unit goes on from it) while it fits. Grown one unit at
 * a time from the best unit alone, a window passed by an option's line two lines up when the
 * lines between matched nothing ("--no-index: Search files … not managed by Git" over "Only
 * useful when searching files … with --no-index"); with the richest run first, the development
 * sets gained seven phrases and a page with both engines and lost one (Node.js extractive).
 */
export function bestWindow(
  units: Unit[],
  scores: number[],
  budget: number,
  seed: { from: number; to: number } = { from: 0, to: units.length },
): { start: number; end: number } {
  if (units.length === 0) return { start: 0, end: 0 };
  let best = Math.min(Math.max(seed.from, 0), units.length - 1);
  scores.forEach((s, i) => {
    if (i >= seed.from && i < seed.to && s > (scores[best] ?? 0)) best = i;
  });
  const cost = (i: number) => (units[i]?.text.length ?? 0) + 2;
  const opens = (i: number) => i === 0 || !goesOn(units, i);
  let { start, end } = richestSpan(scores, budget, best, cost, opens);
  let size = -2;
  for (let i = start; i < end; i++) size += cost(i);
  for (;;) {
    const left = start > 0 && size + cost(start - 1) <= budget ? start - 1 : -1;
    const right = end < units.length && size + cost(end) <= budget ? end : -1;
    if (left < 0 && right < 0) break;
    const takeLeft =
      left >= 0 &&
      (right < 0 || goesOn(units, start) || (scores[left] ?? 0) > (scores[right] ?? 0));
    if (takeLeft) {
      start = left;
      size += cost(left);
    } else {
      end = right + 1;
      size += cost(right);
    }
  }
  return { start, end };
}

/**
 * The shortest run of units around `best` that fits the budget, starts where a window may
 * (`opens`) and holds the most score: a better-matching unit a few units away is reached,
 * though the units between match nothing. The best unit alone when no such run fits.
 */
function richestSpan(
  scores: number[],
  budget: number,
  best: number,
  cost: (i: number) => number,
  opens: (i: number) => boolean,
): { start: number; end: number } {
  let top = { start: best, end: best + 1, sum: -1, size: Number.POSITIVE_INFINITY };
  let leftSize = -2;
  let leftSum = 0;
  for (let s = best; s >= 0; s--) {
    leftSize += cost(s);
    leftSum += scores[s] ?? 0;
    if (leftSize > budget) break;
    if (!opens(s)) continue;
    let size = leftSize;
    let sum = leftSum;
    for (let e = best + 1; ; e++) {
      if (sum > top.sum + 1e-9 || (sum > top.sum - 1e-9 && size < top.size)) {
        top = { start: s, end: e, sum, size };
      }
      if (e >= scores.length || size + cost(e) > budget) break;
      size += cost(e);
      sum += scores[e] ?? 0;
    }
  }
  return top.sum < 0 ? { start: best, end: best + 1 } : top;
}

/**
 * When a chunk's window mostly repeats a passage already given from its own section: the
 * window around the chunk's best unit not given yet, grown only through units not given (it
 * stops where the earlier passage's text begins).
 */
export function freshWindow(
  units: Unit[],
  scores: number[],
  budget: number,
  own: { from: number; to: number },
  isGiven: (u: Unit) => boolean,
): Unit[] {
  let seed = -1;
  for (let i = own.from; i < own.to; i++) {
    if (isGiven(units[i] as Unit)) continue;
    if (seed < 0 || (scores[i] ?? 0) > (scores[seed] ?? 0)) seed = i;
  }
  if (seed < 0 || (scores[seed] ?? 0) <= 0) return [];
  let from = seed;
  let to = seed + 1;
  while (from > 0 && !isGiven(units[from - 1] as Unit)) from--;
  while (to < units.length && !isGiven(units[to] as Unit)) to++;
  const run = units.slice(from, to);
  const local = { from: seed - from, to: seed - from + 1 };
  const { start, end } = bestWindow(run, scores.slice(from, to), budget, local);
  return run.slice(start, end);
}

/** Cuts an over-long unit (a huge code block, a run-on line) to the budget at a line or word. */
export function clipUnit(unit: Unit, budget: number): Unit {
  if (unit.text.length <= budget) return unit;
  const cut = unit.text.lastIndexOf('\n', budget - 1);
  const at = cut > budget / 2 ? cut : unit.text.lastIndexOf(' ', budget - 1);
  let text = `${unit.text.slice(0, at > 0 ? at : budget)}…`;
  if (FENCE.test(unit.text)) text = `${text}\n\`\`\``;
  return { ...unit, text };
}
