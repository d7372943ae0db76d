import { CLOSE_QUESTION_MATCH, questionMatch } from '../../search/question-match.ts';
import type { SearchRequest } from './follow-up.ts';
import { termSet, terms, termWeight } from './text.ts';
import type { Passage } from './types.ts';

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

/** The terms of the passage's title, heading, stored question and text (each remembered apart). */
export function passageTerms(p: Passage): Set<string> {
  const all = new Set(termSet(p.text));
  for (const part of [p.title, p.heading, p.question]) {
    if (part) for (const t of termSet(part)) all.add(t);
  }
  return all;
}

/**
 * The weight of each term the search looks for: the question's own words by how topical they
 * are, the terms carried from the previous turn at their lower weight.
 */
export function wantedTerms(search: SearchRequest): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const t of termSet(search.question)) wanted.set(t, termWeight(t));
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

/** Passages that mention enough of the question, or mean nearly the same, in retrieval order. */
export function relevantPassages(
  search: SearchRequest,
  passages: Passage[],
  minSimilarity = DEFAULT_MIN_SIMILARITY,
): Relevance[] {
  const weights = wantedTerms(search);
  const wanted = new Set(weights.keys());
  if (wanted.size === 0) return [];
  const weightOf = (ts: Iterable<string>) => {
    let w = 0;
    for (const t of ts) w += weights.get(t) ?? 0;
    return w;
  };
  const total = weightOf(wanted);
  const needed = Math.max(Math.min(1, total), MIN_COVERAGE * total) - 1e-9;
  const topical = [...termSet(search.question)].filter((t) => termWeight(t) === 1);
  const out: Relevance[] = [];
  for (const passage of passages) {
    const have = passageTerms(passage);
    const matched = new Set([...wanted].filter((t) => have.has(t)));
    const weight = weightOf(matched);
    const closeInMeaning = passage.similarity !== undefined && passage.similarity >= minSimilarity;
    // A Q&A pair answers its own question, not one about something else (pairCovers).
    const onTopic = !passage.question || pairCovers(topical, have);
    if ((weight >= needed && onTopic) || closeInMeaning) {
      out.push({ passage, matched, coverage: weight / total, closeInMeaning });
    }
  }
  return out;
}

/** True when the question has no content words at all ("hi", "who are you?"). */
export function isSmallTalk(question: string): boolean {
  return terms(question).length === 0;
}

/**
 * How far down retrieval's passages a stored Q&A pair is looked for: one ranked lower has lost
 * to text that matches the question better.
 */
const QA_PASSAGES = 5;

/**
 * The Q&A passage among retrieval's first ones whose stored question matches the asked one most
 * closely, if close enough.
 */
export function closeQaMatch(question: string, passages: Passage[]): Passage | undefined {
  let best: { passage: Passage; sim: number } | undefined;
  for (const passage of passages.slice(0, QA_PASSAGES)) {
    if (!passage.question || !passage.text.trim()) continue;
    // Judged against the question itself: retrieval's own score may include earlier turns.
    const sim = questionMatch(question, passage.question);
    if (sim >= CLOSE_QUESTION_MATCH && (!best || sim > best.sim)) best = { passage, sim };
  }
  return best?.passage;
}
