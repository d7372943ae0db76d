import { qualifiedNames } from '../../search/identifiers.ts';
import { endsSentence, goesOnFromBefore } from '../../search/sentences.ts';
import { answerTypeOf } from './answer-type.ts';
import { type Candidate, candidatesOf } from './candidates.ts';
import { asksAboutPrevious, carryTopic } from './follow-up.ts';
import {
  answerablePassages,
  closeFaqSection,
  closeQaMatch,
  isSmallTalk,
  type Relevance,
  relevantPassages,
  wantedTerms,
} from './relevance.ts';
import {
  DONT_KNOW_REPLY,
  distinctPassages,
  distinctSources,
  fixedAnswer,
  smallTalkReply,
} from './replies.ts';
import { scoreCandidates } from './sentence-score.ts';
import { termWeight } from './text.ts';
import type { AnswerEngine, AnswerEvent, AnswerInput, Passage } from './types.ts';

/** Passages the answer may draw from, sentences it keeps, and how long it may get. */
const MAX_PASSAGES = 3;
/**
 * A question asking what something is ("What is Scalar?") draws from more of the passages: a
 * page's sections all name its subject, and the one saying what it is ("Scalar is a tool that
 * …") may rank below sections that name it more often. Sentences of lower passages still
 * compete at their rank (sentence-score.ts), so a definition there must be clearly as good.
 */
const DEFINITION_PASSAGES = 5;
/**
 * Sources listed with an answer: the answer's own first, then the other relevant places as
 * further reading (the right page is often among them when the extract came from a
 * neighbouring one). Counted in distinct places, not passages: three passages of one page
 * would otherwise crowd the others out of the list.
 */
const MAX_SOURCES = 5;
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
const MAX_SENTENCES = 5;
const MIN_SENTENCES = 2;
const MAX_ANSWER_CHARS = 900;
/**
 * An answer is given only when its own sentences (with their page title and heading) hold at
 * least this share of the question's own words, as a passage must to be relevant at all: a
 * passage relevant through words carried from the previous turn, or through its title alone,
 * does not answer the question. A follow-up that points back ("how do I remove it?") or names
 * no topic of its own ("How long do I have?") asks about the earlier topic, so there the carried
 * words count, at their lower weight; a bare one naming its own ("What is an NMU?") does not.
 */
const MIN_ANSWER_COVERAGE = 0.3;

/** Whether the candidate at `i` goes on from the one before it (see choose). */
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
  if (next.matches) return true;
  if (!next.prose) return false;
  for (const t of next.terms) {
    if (termWeight(t) === 1 && run.some((c) => c.terms.has(t))) return true;
  }
  return false;
}

/**
 * One coherent run: the best sentence and the sentences next to it in the same passage, grown
 * first through the rest of its own line (a definition's "Default: …" after its description, a
 * list item's second sentence), then towards the better-scoring side (the following one on a
 * tie) while it fits and adds to it; it neither opens nor stops partway through what belongs
 * together.
 */
function choose(candidates: Candidate[], best: Candidate): Candidate[] {
  const same = candidates.filter((c) => c.passage === best.passage);
  let start = same.indexOf(best);
  let end = start + 1;
  let chars = best.text.length;
  const fits = (c: Candidate | undefined) => !!c && chars + c.text.length <= MAX_ANSWER_CHARS;
  while (end - start < MAX_SENTENCES) {
    const left = same[start - 1];
    const right = same[end];
    const ownLine = (c: Candidate | undefined) => (c?.line === best.line ? 1 : 0);
    const useLeft =
      fits(left) &&
      (!fits(right) ||
        ownLine(left) > ownLine(right) ||
        (ownLine(left) === ownLine(right) && (left?.score ?? 0) > (right?.score ?? 0)));
    const useRight = !useLeft && fits(right);
    if (!useLeft && !useRight) break;
    // Past the minimum only sentences that add something to the answer join it; so, even
    // before it, do whole sentences of another paragraph ("Dogs are welcome on the terrace."
    // does not take in "Today their daughter runs the kitchen."), and other rows of a table
    // (a row is whole on its own).
    const next = (useLeft ? left : right) as Candidate;
    const edge = (useLeft ? same[start] : same[end - 1]) as Candidate;
    // A fragment (endsSentence) reads with what is next to it.
    const apart =
      (useLeft ? edge : next).opens === '\n\n' &&
      endsSentence(next.text) &&
      endsSentence(edge.text);
    const whole = apart || end - start >= (best.row ? 1 : MIN_SENTENCES);
    if (whole && !addsTo(same.slice(start, end), next)) break;
    if (useLeft) start--;
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
  // Nor does it stop inside a definition's or a parameter's line, where the rest fits.
  while (end < same.length) {
    const next = same[end] as Candidate;
    if (next.prose || next.line !== same[end - 1]?.line || !fits(next)) break;
    chars += next.text.length;
    end++;
  }
  return same.slice(start, end);
}

/** Share of the question's own weight found in the chosen sentences and their passage's context. */
function coverage(question: Map<string, number>, chosen: Candidate[]): number {
  let total = 0;
  let found = 0;
  for (const [t, w] of question) {
    total += w;
    if (chosen.some((c) => c.terms.has(t) || c.context.has(t))) found += w;
  }
  return total === 0 ? 0 : found / total;
}

/**
 * A passage found by meaning alone shares no word with the question, so no sentence scores:
 * it is answered with from its opening, as far as an answer may go.
 */
function opening(passage: Passage): Candidate[] {
  const chosen: Candidate[] = [];
  let chars = 0;
  for (const c of candidatesOf(passage, 0)) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (chosen.length > 0 && chars + c.text.length > MAX_ANSWER_CHARS) break;
    chosen.push(c);
    chars += c.text.length;
  }
  return chosen;
}

/**
 * The answer's text and its sources: first the passage it was taken from, then one passage of
 * each other place judged relevant, as further places to read (MAX_SOURCES places in all).
 */
const answerOf = (chosen: Candidate[], relevant: Passage[]) => {
  const from = chosen[0]?.passage;
  return {
    text: answerText(chosen),
    passages: from
      ? distinctPassages([from, ...relevant.filter((p) => p !== from)], MAX_SOURCES)
      : [],
  };
};

/**
 * The chosen sentences set apart as the page sets them, with the code block a sentence
 * introduces after it (and the one a sentence goes on from before it). A run does not end on a
 * sentence introducing code it cannot show ("…, as follows:").
 */
function answerText(chosen: Candidate[]): string {
  const shown = [...chosen];
  while (shown.length > 1 && /:$/.test(shown.at(-1)?.text ?? '') && !shown.at(-1)?.code)
    shown.pop();
  let text = '';
  shown.forEach((c, i) => {
    // A sentence going on from a code block comes after it, unless the sentence before showed it.
    if (c.after && shown[i - 1]?.code !== c.after) {
      text += `${text === '' || text.endsWith('\n\n') ? '' : '\n\n'}${c.after}\n\n`;
    }
    // Set off from the sentence before as on the page: a space, a line break, a blank line.
    text += text === '' || text.endsWith('\n') ? c.text : `${c.opens}${c.text}`;
    if (c.code) text += `\n\n${c.code}\n\n`;
  });
  return text.trim();
}

/** The section a passage was cut from: its document and heading. */
const sectionOf = (p: Passage) => `${p.documentId}\n${p.heading ?? ''}`;

/**
 * The passages an answer is drawn from, with the rank each competes at: the `reach` best
 * relevant ones, and the other windows retrieval cut from those same sections, at the rank of
 * their section's best window. Retrieval ranked a place; a long section (a page's list of
 * options) reaches the passages as several windows, and the one lower down may hold the option
 * asked about. Other places keep to the top `reach`.
 */
function drawnFrom(relevant: Relevance[], reach: number): { passage: Passage; rank: number }[] {
  const top = new Map<string, number>();
  relevant.slice(0, reach).forEach((r, rank) => {
    if (!top.has(sectionOf(r.passage))) top.set(sectionOf(r.passage), rank);
  });
  return relevant.flatMap((r, i) => {
    const rank = top.get(sectionOf(r.passage));
    return i < reach || rank !== undefined ? [{ passage: r.passage, rank: rank ?? i }] : [];
  });
}

/** Builds the whole extractive answer; exported for tests and for the LLM engine's fallback. */
export function extractAnswer(
  input: AnswerInput,
  minSimilarity?: number,
): { text: string; passages: Passage[] } {
  if (isSmallTalk(input.question)) {
    return { text: smallTalkReply(input.bot, input.question), passages: [] };
  }
  const qa = closeQaMatch(input.question, input.passages);
  if (qa) return { text: qa.text.trim(), passages: [qa] };
  const search = input.search ?? carryTopic(input.question, input.history);
  const relevant = relevantPassages(search, input.passages, minSimilarity, { siteWide: true });
  if (relevant.length === 0) return { text: DONT_KNOW_REPLY, passages: [] };
  const allRelevant = answerablePassages(search, input.passages, minSimilarity);
  const others = allRelevant.map((r) => r.passage);
  const faq = closeFaqSection(input.question, others);
  if (faq) return answerOf(opening(faq), others);
  const wanted = wantedTerms(search);
  const type = answerTypeOf(search.question);
  const reach = type.has('definition') ? DEFINITION_PASSAGES : MAX_PASSAGES;
  const candidates = drawnFrom(allRelevant, reach).flatMap(({ passage, rank }) =>
    candidatesOf(passage, rank),
  );
  scoreCandidates(wanted, type, new Set(qualifiedNames(search.question)), candidates);
  const own = asksAboutPrevious(search.question)
    ? wanted
    : wantedTerms({ question: search.question });
  // Best first; a run that holds too little of the question gives way to the next best, so
  // a sentence raised by its kind of answer or its definition alone does not turn a question
  // the passages do answer into "I don't know".
  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  for (const best of ranked) {
    const chosen = choose(candidates, best);
    if (coverage(own, chosen) >= MIN_ANSWER_COVERAGE - 1e-9) return answerOf(chosen, others);
  }
  const byMeaning = relevant.slice(0, MAX_PASSAGES).find((r) => r.closeInMeaning);
  const fromOpening = byMeaning ? opening(byMeaning.passage) : [];
  if (fromOpening.length > 0) return answerOf(fromOpening, others);
  return { text: DONT_KNOW_REPLY, passages: [] };
}

export interface ExtractiveEngineOptions {
  /** Cosine similarity from which a passage found by meaning is relevant (relevance.ts). */
  minSimilarity?: number | undefined;
}

/** The offline engine: answers with the knowledge base's own sentences. */
export function createExtractiveEngine(opts: ExtractiveEngineOptions = {}): AnswerEngine {
  return {
    kind: 'extractive',
    async *answer(input: AnswerInput): AsyncIterable<AnswerEvent> {
      const { text, passages } = extractAnswer(input, opts.minSimilarity);
      yield* fixedAnswer(text, distinctSources(passages));
    },
  };
}
