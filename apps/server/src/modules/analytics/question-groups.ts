import { createHash } from 'node:crypto';
import { analyze, normalizeText } from '../../search/analyzer.ts';

/**
 * Two questions ask the same thing when their content terms (stop words dropped, stemmed:
 * "How do I return an item?" and "how can I return items" both give {return, item}) overlap
 * by at least this Jaccard share.
 */
const SAME_QUESTION = 0.6;

export interface Asked {
  question: string;
  count: number;
}

export interface QuestionGroup<T extends Asked> {
  /** Stable id of the group: a hash of its most asked wording's terms. */
  id: string;
  /** The most asked wording. */
  question: string;
  count: number;
  members: T[];
}

/** A question's content terms; a question of stop words only keeps its normalised words. */
function termsOf(question: string): Set<string> {
  const terms = analyze(question);
  if (terms.length > 0) return new Set(terms);
  return new Set(normalizeText(question).split(/\W+/u).filter(Boolean));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

export const groupIdOf = (question: string): string =>
  createHash('sha256')
    .update([...termsOf(question)].sort().join(' '))
    .digest('hex')
    .slice(0, 16);

/**
 * Groups near-duplicate questions, most asked first: each wording joins the first group whose
 * leading wording it resembles, or starts its own. Quadratic in the number of groups, so the
 * callers pass a bounded list (the most asked wordings).
 */
export function groupQuestions<T extends Asked>(items: readonly T[]): QuestionGroup<T>[] {
  const groups: (QuestionGroup<T> & { terms: Set<string> })[] = [];
  const sorted = [...items].sort((a, b) => b.count - a.count);
  for (const item of sorted) {
    const terms = termsOf(item.question);
    const home = groups.find((g) => jaccard(g.terms, terms) >= SAME_QUESTION);
    if (home) {
      home.count += item.count;
      home.members.push(item);
    } else {
      groups.push({
        id: groupIdOf(item.question),
        question: item.question.trim(),
        count: item.count,
        members: [item],
        terms,
      });
    }
  }
  return groups.sort((a, b) => b.count - a.count).map(({ terms: _terms, ...group }) => group);
}
