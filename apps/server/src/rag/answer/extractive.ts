import { splitSentences } from '../../search/sentences.ts';
import { closeQaMatch, isSmallTalk, relevantPassages, searchText } from './relevance.ts';
import { DONT_KNOW_REPLY, distinctSources, fixedAnswer, smallTalkReply } from './replies.ts';
import { termSet, termWeight } from './text.ts';
import type { AnswerEngine, AnswerEvent, AnswerInput, Passage } from './types.ts';

/** Passages the answer may draw from, sentences it keeps, and how long it may get. */
const MAX_PASSAGES = 3;
const MAX_SENTENCES = 4;
const MIN_SENTENCES = 2;
const MAX_ANSWER_CHARS = 900;
const MAX_SENTENCE_CHARS = 400;
/** A sentence joins the answer when it scores at least this share of the best one. */
const KEEP_RATIO = 0.4;
/** Question terms found only in a passage's title/heading/stored question count this much. */
const CONTEXT_WEIGHT = 0.3;

interface Candidate {
  rank: number;
  /** Position within the passage: reading order. */
  pos: number;
  passage: Passage;
  text: string;
  terms: Set<string>;
  context: Set<string>;
  score: number;
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

function candidatesOf(passage: Passage, rank: number): Candidate[] {
  const context = termSet(
    [passage.title, passage.heading ?? '', passage.question ?? ''].join('\n'),
  );
  const out: Candidate[] = [];
  const paragraphs = passage.text.split(/\n\s*\n|\n(?=\s*(?:[-*•·]|#{1,6}|\d+[.)])\s)/);
  for (const paragraph of paragraphs) {
    for (const raw of splitSentences(paragraph.replace(/\s*\n\s*/g, ' '))) {
      const text = tidy(raw);
      if (text.length < 3 || !/\p{L}/u.test(text)) continue;
      out.push({ rank, pos: out.length, passage, text, terms: termSet(text), context, score: 0 });
    }
  }
  return out;
}

/**
 * Scores every sentence by the question terms it contains, each weighted by how rare it is
 * among the candidate sentences (a word every sentence has says little), with a small
 * preference for better-ranked passages and against rambling sentences.
 */
function score(question: Set<string>, candidates: Candidate[]): void {
  const df = new Map<string, number>();
  for (const c of candidates)
    for (const t of question) if (c.terms.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = candidates.length;
  for (const c of candidates) {
    let s = 0;
    for (const t of question) {
      const weight = termWeight(t) * (1 + Math.log((n + 1) / ((df.get(t) ?? 0) + 1)));
      if (c.terms.has(t)) s += weight;
      else if (c.context.has(t)) s += CONTEXT_WEIGHT * weight;
    }
    const words = c.terms.size;
    const lengthPenalty = words > 40 ? 1 + (words - 40) / 40 : words < 3 ? 1.5 : 1;
    c.score = (s / lengthPenalty) * (1 - 0.08 * c.rank);
  }
}

/** The chosen sentences: the best ones, then a neighbour for context when only one made it. */
function choose(candidates: Candidate[]): Candidate[] {
  const ranked = [...candidates].filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best) return [];
  const chosen: Candidate[] = [];
  let chars = 0;
  for (const c of ranked) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (c.score < KEEP_RATIO * best.score && chosen.length >= MIN_SENTENCES) break;
    if (c.score < KEEP_RATIO * best.score && c.passage !== best.passage) continue;
    if (chosen.some((x) => x.text === c.text)) continue;
    if (chosen.length > 0 && chars + c.text.length > MAX_ANSWER_CHARS) continue;
    chosen.push(c);
    chars += c.text.length;
  }
  if (chosen.length < MIN_SENTENCES) {
    const same = candidates.filter((c) => c.passage === best.passage);
    const next =
      same.find((c) => c.pos === best.pos + 1) ?? same.find((c) => c.pos === best.pos - 1);
    if (next && chars + next.text.length <= MAX_ANSWER_CHARS) chosen.push(next);
  }
  return chosen;
}

/** Reading order: passages by their best sentence, sentences by position within a passage. */
function compose(chosen: Candidate[]): { text: string; passages: Passage[] } {
  const groups = new Map<Passage, Candidate[]>();
  for (const c of [...chosen].sort((a, b) => b.score - a.score)) {
    const list = groups.get(c.passage) ?? [];
    list.push(c);
    groups.set(c.passage, list);
  }
  const paragraphs: string[] = [];
  for (const list of groups.values()) {
    paragraphs.push(
      list
        .sort((a, b) => a.pos - b.pos)
        .map((c) => c.text)
        .join(' '),
    );
  }
  return { text: paragraphs.join('\n\n'), passages: [...groups.keys()] };
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
  const query = searchText(input.question, input.history);
  const relevant = relevantPassages(query, input.passages, minSimilarity).slice(0, MAX_PASSAGES);
  if (relevant.length === 0) return { text: DONT_KNOW_REPLY, passages: [] };
  const candidates = relevant.flatMap((r, rank) => candidatesOf(r.passage, rank));
  score(termSet(query), candidates);
  let chosen = choose(candidates);
  const byMeaning = relevant.find((r) => r.closeInMeaning);
  if (chosen.length === 0 && byMeaning) chosen = opening(byMeaning.passage);
  if (chosen.length === 0) return { text: DONT_KNOW_REPLY, passages: [] };
  return compose(chosen);
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
