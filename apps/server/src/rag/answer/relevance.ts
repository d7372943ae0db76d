import { CLOSE_QUESTION_MATCH, questionMatch } from '../../search/question-match.ts';
import { termSet, terms } from './text.ts';
import type { Passage } from './types.ts';

/**
 * Share of a question's content terms a passage must contain to count as relevant: one term
 * for short questions, about a third for longer ones. Retrieval always returns its nearest
 * chunks; this decides whether they say anything about the question at all.
 */
const MIN_COVERAGE = 0.3;

export interface Relevance {
  passage: Passage;
  /** Distinct question terms found in the passage (text, title, heading, stored question). */
  matched: Set<string>;
  coverage: number;
}

export function passageTerms(p: Passage): Set<string> {
  return termSet([p.title, p.heading ?? '', p.question ?? '', p.text].join('\n'));
}

/** Passages that mention enough of the question, in retrieval order. */
export function relevantPassages(question: string, passages: Passage[]): Relevance[] {
  const wanted = termSet(question);
  if (wanted.size === 0) return [];
  const needed = Math.max(1, Math.ceil(wanted.size * MIN_COVERAGE - 1e-9));
  const out: Relevance[] = [];
  for (const passage of passages) {
    const have = passageTerms(passage);
    const matched = new Set([...wanted].filter((t) => have.has(t)));
    if (matched.size >= needed) {
      out.push({ passage, matched, coverage: matched.size / wanted.size });
    }
  }
  return out;
}

/**
 * The text to search and judge relevance with: the question, plus the previous question when
 * this one is a bare follow-up ("and the price?", "why?") that means nothing on its own.
 */
export function searchText(question: string, history: { question: string }[]): string {
  const previous = history.at(-1)?.question;
  if (!previous || terms(question).length >= 2) return question;
  return `${previous}\n${question}`;
}

/** True when the question has no content words at all ("hi", "who are you?"). */
export function isSmallTalk(question: string): boolean {
  return terms(question).length === 0;
}

/** The Q&A passage whose stored question matches the asked one most closely, if close enough. */
export function closeQaMatch(question: string, passages: Passage[]): Passage | undefined {
  let best: { passage: Passage; sim: number } | undefined;
  for (const passage of passages) {
    if (!passage.question || !passage.text.trim()) continue;
    // Judged against the question itself: retrieval's own score may include earlier turns.
    const sim = questionMatch(question, passage.question);
    if (sim >= CLOSE_QUESTION_MATCH && (!best || sim > best.sim)) best = { passage, sim };
  }
  return best?.passage;
}
