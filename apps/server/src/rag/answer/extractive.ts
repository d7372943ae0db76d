import { thingNames } from '../../search/identifiers.ts';
import { ownHeading } from '../../search/structure.ts';
import { chooseRun, MAX_ANSWER_CHARS, MAX_SENTENCES } from './answer-run.ts';
import { answerTypeOf, isName } from './answer-type.ts';
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
 * An answer is given only when its own sentences (with their page title and heading) hold at
 * least this share of the question's own words, as a passage must to be relevant at all: a
 * passage relevant through words carried from the previous turn, or through its title alone,
 * does not answer the question. A follow-up that points back ("how do I remove it?") or names
 * no topic of its own ("How long do I have?") asks about the earlier topic, so there the carried
 * words count, at their lower weight; a bare one naming its own ("What is an NMU?") does not.
 */
const MIN_ANSWER_COVERAGE = 0.3;

/** Share of the question's own weight found in the chosen sentences and their passage's context. */
function coverage(question: Map<string, number>, chosen: Candidate[]): number {
  let total = 0;
  let found = 0;
  for (const [t, w] of question) {
    total += w;
    if (chosen.some((c) => c.terms.has(t) || c.context.has(t) || c.labels.has(t))) found += w;
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
const answerOf = (chosen: Candidate[], relevant: Passage[], name: string | null = null) => {
  const from = chosen[0]?.passage;
  return {
    text: name ? `${name}: ${answerText(chosen)}` : answerText(chosen),
    passages: from
      ? distinctPassages([from, ...relevant.filter((p) => p !== from)], MAX_SOURCES)
      : [],
  };
};

/** "Who …?", "Which dentist …?": a question asking for someone or something by name. */
const ASKS_WHO = /^\s*(?:who|which)\b/i;

/**
 * The name a run's section is headed with, for a question asking who or which, when the run
 * opens its passage and does not say the name itself: a team page's "Associate dentist,
 * provides Invisalign …" leaves the name to its heading ("Dr Tom Reeve"), which the answer then
 * starts with. Over every set: the dentist's and the physiotherapist's names (+2 extractive
 * answers holding their phrase), a held-out answer opening with "HTTP Methods:", nothing else.
 */
function headingName(question: string, chosen: Candidate[]): string | null {
  const [first] = chosen;
  if (first?.pos !== 0 || !ASKS_WHO.test(question)) return null;
  const name = ownHeading(first.passage.heading ?? '');
  const said = chosen.some((c) => c.text.includes(name));
  return isName(name) && !said ? name : null;
}

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
  if (isSmallTalk(input.question, input.history)) {
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
  scoreCandidates(wanted, type, new Set(thingNames(search.question)), candidates);
  const own = asksAboutPrevious(search.question)
    ? wanted
    : wantedTerms({ question: search.question });
  // Best first; a run that holds too little of the question gives way to the next best, so
  // a sentence raised by its kind of answer or its definition alone does not turn a question
  // the passages do answer into "I don't know".
  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  for (const best of ranked) {
    const chosen = chooseRun(candidates, best, type);
    if (coverage(own, chosen) >= MIN_ANSWER_COVERAGE - 1e-9) {
      return answerOf(chosen, others, headingName(search.question, chosen));
    }
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
