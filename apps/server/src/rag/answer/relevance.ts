import { CLOSE_QUESTION_MATCH, questionMatch } from '../../search/question-match.ts';
import { ownHeading } from '../../search/structure.ts';
import type { SearchRequest } from './follow-up.ts';
import {
  COMMON_WEIGHT,
  termSet,
  terms,
  termWeight,
  textTermSet,
  withAlternatives,
} from './text.ts';
import type { Passage, PastTurn } from './types.ts';

/**
 * A passage is relevant when the question words it contains carry at least this share of the
 * question's weight, and at least one topical word's worth (or all of it, for questions made
 * only of common words). Retrieval always returns its nearest chunks; this decides whether
 * they say anything about the question at all.
 */
const MIN_COVERAGE = 0.3;
/**
 * A passage this close to the question by embeddings (cosine) is relevant even without shared
 * words ("automobile" for "car"). EMBEDDING_MIN_SIMILARITY overrides it: scales differ by model.
 */
export const DEFAULT_MIN_SIMILARITY = 0.5;

export interface Relevance {
  passage: Passage;
  /** Distinct question terms found in the passage (text, title, heading, stored question). */
  matched: Set<string>;
  coverage: number;
  /** Relevant by embedding similarity, whatever its words. */
  closeInMeaning: boolean;
}

/**
 * The terms of the passage's title, heading, stored question and text (each remembered apart),
 * with the question's words its alternatives stand for.
 */
export function passageTerms(p: Passage): ReadonlySet<string> {
  const all = new Set(textTermSet(p.text));
  for (const part of [p.title, p.heading, p.question]) {
    if (part) for (const t of textTermSet(part)) all.add(t);
  }
  return withAlternatives(all, p);
}

/**
 * The weight of each term the search looks for: the question's own words by how topical they
 * are, the terms carried from the previous turn at their lower weight. A word of `unknown`
 * (Passage.unknown: no passage of the knowledge base uses it) weighs as a common word: no
 * passage can hold it, and a customer's setting the scene ("I'm driving over from Amersfoort
 * tomorrow. Where can I leave my car?") then does not make every passage too small a share.
 */
export function wantedTerms(
  search: SearchRequest,
  unknown?: ReadonlySet<string>,
): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const t of termSet(search.question)) {
    wanted.set(t, unknown?.has(t) ? Math.min(termWeight(t), COMMON_WEIGHT) : termWeight(t));
  }
  for (const t of search.carried?.terms ?? []) {
    if (!wanted.has(t)) wanted.set(t, termWeight(t) * (search.carried?.weight ?? 0));
  }
  return wanted;
}

/**
 * Share of the question's topical words a stored Q&A pair must hold. A pair that leaves out
 * the one word saying what is asked about ("book a test ride" for "book a repair", a pair
 * deleted since) answers a different question, so a question of up to three topical words needs
 * them all; a longer one, in a customer's own words, may name one thing differently ("Can pets
 * transmit the corona virus?" for "Should I be concerned about pets and COVID-19?"). On the
 * COVID FAQ (213 pairs) asked with the 244 paraphrases of its question-similarity set: all
 * words, 24 % answered from the right pair and 134 "I don't know"; 0.7, 41 % and 79; 0.66,
 * 46 % and 47, but three-word questions missing their subject (so not taken). Paraphrases of
 * other pairs answered with a pair's own answer: 2 of 244 either way.
 */
const QA_TOPICAL_SHARE = 0.7;

function pairCovers(topical: string[], pairTerms: ReadonlySet<string>): boolean {
  const held = topical.filter((t) => pairTerms.has(t)).length;
  return held >= Math.ceil(QA_TOPICAL_SHARE * topical.length - 1e-9);
}

/**
 * Passages that mention enough of the question, or mean nearly the same, in retrieval order.
 * `siteWide`: none when every one of them mentions enough only through words nearly every
 * passage of the bot holds (Passage.siteWide: its site's name, "Hotel" on a hotel's site), as
 * common words. The extractive engine asks for it, so "Is the hotel wheelchair accessible?" is
 * not answered from the privacy page's "Hotel Seeblick GmbH"; a model may still read such
 * passages (a page on reduced mobility answers it in other words). Kept whole otherwise: such
 * a passage beside better ones is a further source to read.
 * `unknownAsCommon`: the question's words no passage of the knowledge base uses weigh as common
 * words (wantedTerms), and none of them is a topical word of the question, so a follow-up saying
 * only such words ("How do I apply?" after a nonprofit discount) asks about the earlier topic.
 * The LLM engine asks for it: a model reads the passages for what they mean and says when they
 * do not answer ("One of my employees quit last week. Am I still going to be charged for her?"
 * found the page on removing a member). Over every set, with the model: +3 pages among the
 * sources, +4 answers' phrases in its passages, +2 follow-ups, nothing lost. The extractive
 * engine, which can only quote, keeps such words whole: read so there, its answers rose for one
 * question (GitBook) and fell for three (a sign-up sentence answered "… Can I get my money
 * back?").
 */
export function relevantPassages(
  search: SearchRequest,
  passages: Passage[],
  minSimilarity = DEFAULT_MIN_SIMILARITY,
  opts: { siteWide?: boolean; minCoverage?: number; unknownAsCommon?: boolean } = {},
): Relevance[] {
  const weights = wantedTerms(search, opts.unknownAsCommon ? passages[0]?.unknown : undefined);
  if (weights.size === 0) return [];
  const out = judged(search, passages, weights, minSimilarity, opts.minCoverage);
  const siteWide = opts.siteWide ? passages[0]?.siteWide : undefined;
  if (!siteWide?.size || out.length === 0) return out;
  const strict = new Map(weights);
  for (const t of siteWide) {
    const w = strict.get(t);
    if (w !== undefined) strict.set(t, Math.min(w, COMMON_WEIGHT));
  }
  const onTheirOwn = judged(
    search,
    out.map((r) => r.passage),
    strict,
    minSimilarity,
  );
  return onTheirOwn.length > 0 ? out : [];
}

/**
 * Once some passage is relevant (MIN_COVERAGE), the passages an answer is chosen from and cited
 * with need hold only this share of the question's weight: a customer's long question names
 * many things in its own words, and the section answering it may share two of them ("The check
 * for deadlock is relatively expensive, so the server doesn't run it every time it waits for a
 * lock" for "Why doesn't Postgres notice a deadlock the instant two sessions start waiting on
 * each other?"). Whether to answer at all stays the stricter share's call. On the development
 * sets (extractive engine) 0.1–0.25 each gained pages among the sources and lost none; 0.2 the
 * most (MkDocs +2, PostgreSQL +2, Notion, Squarespace, bike shop and a git follow-up +1, two
 * more answers holding their phrase); the held-out sets unchanged.
 */
const ANSWERING_COVERAGE = 0.2;

/** The passages to answer from once relevantPassages found some: ANSWERING_COVERAGE. */
export const answerablePassages = (
  search: SearchRequest,
  passages: Passage[],
  minSimilarity = DEFAULT_MIN_SIMILARITY,
): Relevance[] =>
  relevantPassages(search, passages, minSimilarity, { minCoverage: ANSWERING_COVERAGE });

/** The passages relevant to the search when its terms weigh `weights` (relevantPassages). */
function judged(
  search: SearchRequest,
  passages: Passage[],
  weights: ReadonlyMap<string, number>,
  minSimilarity: number,
  minCoverage = MIN_COVERAGE,
): Relevance[] {
  const wanted = new Set(weights.keys());
  const weightOf = (ts: Iterable<string>) => {
    let w = 0;
    for (const t of ts) w += weights.get(t) ?? 0;
    return w;
  };
  const total = weightOf(wanted);
  // The question's topical words, as weighed here: a word no passage uses is none (wantedTerms).
  const topical = [...termSet(search.question)].filter((t) => weights.get(t) === 1);
  // A question naming no topic of its own ("How much does that cost?") asks about the one
  // carried from the previous turn: a passage speaking of it is relevant, and one of its words
  // is a topical word's worth there.
  const earlier = topical.length === 0 && search.carried?.terms.length ? search.carried : undefined;
  const unit = earlier ? earlier.weight : 1;
  const needed = Math.max(Math.min(unit, total), minCoverage * total) - 1e-9;
  const out: Relevance[] = [];
  for (const passage of passages) {
    const have = passageTerms(passage);
    const matched = new Set([...wanted].filter((t) => have.has(t)));
    const weight = weightOf(matched);
    const closeInMeaning = passage.similarity !== undefined && passage.similarity >= minSimilarity;
    // A Q&A pair answers its own question, not one about something else (pairCovers).
    const onTopic = earlier
      ? earlier.terms.some((t) => matched.has(t))
      : !passage.question || pairCovers(topical, have);
    if ((weight >= needed && onTopic) || closeInMeaning) {
      out.push({ passage, matched, coverage: weight / total, closeInMeaning });
    }
  }
  return out;
}

/** A question asking about what was just said ("Why?", "And when?", "Why not?"). */
const ASKS = /\b(?:why|when|where|how|which|what)\b/i;
/** Questions asked of the assistant itself, not of what it said. */
const PLEASANTRY = /\bhow\s+are\s+you\b|\bwhat(?:'s|\s+is)\s+up\b|\bwhat\s+are\s+you\b/i;

/**
 * True when the message has no content words at all ("hi", "thanks", "who are you?"). In a
 * conversation, a question made of question words alone ("Why?", "And when?") asks about the
 * previous answer and is answered from its topic, not greeted.
 */
export function isSmallTalk(question: string, history: readonly PastTurn[] = []): boolean {
  if (terms(question).length > 0) return false;
  return history.length === 0 || !ASKS.test(question) || PLEASANTRY.test(question);
}

/**
 * How far down retrieval's passages a stored Q&A pair is looked for: one ranked lower has lost
 * to text that matches the question better.
 */
const QA_PASSAGES = 5;

/**
 * The passage among retrieval's first ones whose question (`questionOf`) matches the asked one
 * most closely, if close enough. Judged against the question itself: retrieval's own score may
 * include earlier turns.
 */
function closestQuestion(
  question: string,
  passages: Passage[],
  questionOf: (p: Passage) => string | null,
): Passage | undefined {
  let best: { passage: Passage; sim: number } | undefined;
  for (const passage of passages.slice(0, QA_PASSAGES)) {
    const sim = questionMatch(question, questionOf(passage));
    if (sim >= CLOSE_QUESTION_MATCH && (!best || sim > best.sim)) best = { passage, sim };
  }
  return best?.passage;
}

/** The Q&A pair whose stored question matches the asked one closely, if any. */
export const closeQaMatch = (question: string, passages: Passage[]): Passage | undefined =>
  closestQuestion(question, passages, (p) => (p.text.trim() ? p.question : null));

/**
 * The section of a page's FAQ whose heading asks what the visitor asks ("Can I check in
 * early?" over "If your room is ready, yes."), if any: the section is its answer, as a stored
 * pair's is, though its sentences need not repeat the question's words.
 */
export const closeFaqSection = (question: string, passages: Passage[]): Passage | undefined =>
  closestQuestion(question, passages, (p) => {
    const heading = ownHeading(p.heading ?? '').trim();
    return !p.question && heading.endsWith('?') ? heading : null;
  });
