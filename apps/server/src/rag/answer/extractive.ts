import { boundedMemo } from '../../lib/bounded-memo.ts';
import { splitSentences } from '../../search/sentences.ts';
import { definedTerms, namesDefinition } from './definitions.ts';
import { carryTopic, pointsBack } from './follow-up.ts';
import { closeQaMatch, isSmallTalk, relevantPassages, wantedTerms } from './relevance.ts';
import {
  DONT_KNOW_REPLY,
  distinctPassages,
  distinctSources,
  fixedAnswer,
  smallTalkReply,
} from './replies.ts';
import { termSet } from './text.ts';
import type { AnswerEngine, AnswerEvent, AnswerInput, Passage } from './types.ts';

/** Passages the answer may draw from, sentences it keeps, and how long it may get. */
const MAX_PASSAGES = 3;
/**
 * Sources listed with an answer: the answer's own first, then the other relevant places as
 * further reading (the right page is often among them when the extract came from a
 * neighbouring one). Counted in distinct places, not passages: three passages of one page
 * would otherwise crowd the others out of the list.
 */
const MAX_SOURCES = 5;
const MAX_SENTENCES = 4;
const MIN_SENTENCES = 2;
const MAX_ANSWER_CHARS = 900;
const MAX_SENTENCE_CHARS = 400;
/**
 * Score a sentence loses per rank of its passage. Retrieval ranked the whole section (its
 * heading, its neighbours, all the question's words); a sentence shares only a few of them, so
 * one from a lower passage must share clearly more of the question to be preferred. 0.12–0.2
 * measured alike; 0.08 let a lower passage win on one extra common word.
 */
const RANK_DISCOUNT = 0.15;
/**
 * Score factor for a sentence on a definition line whose defined term the question names
 * (`--dry-run: Lists what would be sent …` for "does sync --dry-run upload anything?"): the
 * line is about exactly what is asked, even when it shares fewer words with the question than a
 * passage retrieval ranked higher. On qa-dev, 1 (doubling) and 1.5 measured alike; 0.5
 * recovered half as many answers.
 */
const DEFINED_BONUS = 1;
/** Question terms found only in a passage's title/heading/stored question count this much. */
const CONTEXT_WEIGHT = 0.3;
/**
 * An answer is given only when its own sentences (with their page title and heading) hold at
 * least this share of the question's own words, as a passage must to be relevant at all: a
 * passage relevant through words carried from the previous turn, or through its title alone,
 * does not answer the question. A follow-up that points back ("how do I remove it?") asks about
 * the earlier topic too, so there the carried words count, at their lower weight; a bare one
 * ("What is an NMU?") does not.
 */
const MIN_ANSWER_COVERAGE = 0.3;

interface Candidate {
  rank: number;
  /** Position within the passage: reading order. */
  pos: number;
  passage: Passage;
  text: string;
  terms: ReadonlySet<string>;
  context: ReadonlySet<string>;
  score: number;
  /** Whether the sentence itself (not only its title or heading) holds a wanted term. */
  matches: boolean;
  /** The line of the passage it is on: a list item, a definition, a table row, a paragraph. */
  line: number;
  /** The terms its line defines, when the line is a definition (`--dry-run: Lists …`). */
  defines: ReadonlySet<string>;
}

/** Labels that open abstracts and reports ("Abstract: BACKGROUND: …"), not part of a sentence. */
const SECTION_LABELS =
  /^(?:(?:Abstract|Background|Summary|Introduction|Objectives?|Aims?|Methods?|Methodology|Results?|Findings|Conclusions?|Discussion|[A-Z][A-Z &/-]{2,40})\s*:\s+)+/;

/** Strips list markers and Markdown heading hashes, collapses whitespace, caps the length. */
function tidy(sentence: string): string {
  let s = sentence
    .replace(/^\s*(?:[-*•·]|#{1,6}|\d+[.)])\s+/, '')
    .replace(SECTION_LABELS, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length > MAX_SENTENCE_CHARS) {
    const cut = s.lastIndexOf(' ', MAX_SENTENCE_CHARS - 1);
    s = `${s.slice(0, cut > 0 ? cut : MAX_SENTENCE_CHARS).replace(/[,;:]$/, '')}…`;
  }
  return s;
}

/**
 * Text that is not a sentence to answer with: table-of-contents lines (dot leaders, a trailing
 * page number), OCR and layout debris (mostly digits and symbols).
 */
export function isDebris(text: string): boolean {
  if (/(?:\.\s*){4,}|…{2,}|_{4,}/.test(text)) return true;
  // "6 2.3 Registering as a member ." or "2.3 Installing 14": numbered title, leader or page.
  if (/^(?:\d+\s+)?\d+(?:\.\d+)*\.?\s+[^.!?]{1,80}?(?:\s\.|\s\d+)\s*$/.test(text)) return true;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters < 0.5 * text.replace(/\s/g, '').length;
}

/**
 * A sentence as an answer may use it (tidied), or null when it cannot be one (too short, no
 * letter, debris). Remembered for recent sentences: a popular section's sentences come back
 * with every passage drawn from it.
 */
const answerSentence = boundedMemo<string | null>(10_000, (raw) => {
  const text = tidy(raw);
  return text.length < 3 || !/\p{L}/u.test(text) || isDebris(text) ? null : text;
});

function candidatesOf(passage: Passage, rank: number): Candidate[] {
  const context = termSet(
    [passage.title, passage.heading ?? '', passage.question ?? ''].join('\n'),
  );
  const out: Candidate[] = [];
  // Code blocks are not sentences to answer with.
  const prose = passage.text.replace(/^```[\s\S]*?^```/gm, '\n\n');
  const paragraphs = prose.split(/\n\s*\n|\n/);
  for (const [line, paragraph] of paragraphs.entries()) {
    const defines = definedTerms(paragraph);
    for (const raw of splitSentences(paragraph.trim())) {
      const text = answerSentence(raw);
      if (text === null) continue;
      const terms = termSet(text);
      out.push({
        rank,
        pos: out.length,
        passage,
        text,
        terms,
        context,
        score: 0,
        matches: false,
        line,
        defines,
      });
    }
  }
  return out;
}

/**
 * Scores every sentence by the wanted terms it contains, each weighted by its own weight (lower
 * for terms carried from the previous turn) and by how rare it is among the candidate sentences
 * (a word every sentence has says little), with a preference for better-ranked passages
 * (RANK_DISCOUNT) and against rambling sentences.
 */
function score(wanted: Map<string, number>, candidates: Candidate[]): void {
  const df = new Map<string, number>();
  for (const c of candidates)
    for (const t of wanted.keys()) if (c.terms.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = candidates.length;
  for (const c of candidates) {
    let s = 0;
    for (const [t, w] of wanted) {
      const weight = w * (1 + Math.log((n + 1) / ((df.get(t) ?? 0) + 1)));
      if (c.terms.has(t)) {
        s += weight;
        c.matches = true;
      } else if (c.context.has(t)) s += CONTEXT_WEIGHT * weight;
    }
    const words = c.terms.size;
    const lengthPenalty = words > 40 ? 1 + (words - 40) / 40 : words < 3 ? 1.5 : 1;
    const named = namesDefinition(wanted, c.defines) ? 1 + DEFINED_BONUS : 1;
    c.score = (s / lengthPenalty) * (1 - RANK_DISCOUNT * c.rank) * named;
  }
}

/**
 * One coherent run: the best sentence and the sentences next to it in the same passage, grown
 * first through the rest of its own line (a definition's "Default: …" after its description, a
 * list item's second sentence), then towards the better-scoring side (the following one on a
 * tie) while it fits.
 */
function choose(candidates: Candidate[]): Candidate[] {
  let best: Candidate | undefined;
  for (const c of candidates) if (c.score > 0 && (!best || c.score > best.score)) best = c;
  if (!best) return [];
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
    // Past the minimum, only sentences that add something to the answer join it.
    const next = (useLeft ? left : right) as Candidate;
    if (end - start >= MIN_SENTENCES && !next.matches) break;
    if (useLeft) start--;
    else end++;
    chars += next.text.length;
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
    text: chosen.map((c) => c.text).join(' '),
    passages: from
      ? distinctPassages([from, ...relevant.filter((p) => p !== from)], MAX_SOURCES)
      : [],
  };
};

/** Builds the whole extractive answer; exported for tests and for the LLM engine's fallback. */
export function extractAnswer(
  input: AnswerInput,
  minSimilarity?: number,
): { text: string; passages: Passage[] } {
  if (isSmallTalk(input.question)) {
    return { text: smallTalkReply(input.bot, input.question), passages: [] };
  }
  const qa = closeQaMatch(input.question, input.passages.slice(0, 5));
  if (qa) return { text: qa.text.trim(), passages: [qa] };
  const search = input.search ?? carryTopic(input.question, input.history);
  const allRelevant = relevantPassages(search, input.passages, minSimilarity);
  const relevant = allRelevant.slice(0, MAX_PASSAGES);
  if (relevant.length === 0) return { text: DONT_KNOW_REPLY, passages: [] };
  const wanted = wantedTerms(search);
  const candidates = relevant.flatMap((r, rank) => candidatesOf(r.passage, rank));
  score(wanted, candidates);
  const chosen = choose(candidates);
  const own = pointsBack(search.question) ? wanted : wantedTerms({ question: search.question });
  const others = allRelevant.map((r) => r.passage);
  if (chosen.length > 0 && coverage(own, chosen) >= MIN_ANSWER_COVERAGE - 1e-9) {
    return answerOf(chosen, others);
  }
  const byMeaning = relevant.find((r) => r.closeInMeaning);
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
