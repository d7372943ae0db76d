import { analyze, type TermHit, termFinder } from './analyzer.ts';

/** Beyond this many characters between two terms they are not "close" whatever lies between. */
const MAX_GAP_CHARS = 80;

/**
 * Scores passages against one query: the share (0–1) of the query's adjacent term pairs that
 * also occur close together, in the same order, in one of the passage's fields (at most
 * `window - 1` other non-stop words apart). Rewards passages where "heart attack" appears as
 * a phrase over ones that merely mention "heart" and "attack".
 */
export function proximityScorer(
  queryTerms: string[],
  window = 2,
): (fields: (string | null)[]) => number {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < queryTerms.length; i++) {
    const a = queryTerms[i] as string;
    const b = queryTerms[i + 1] as string;
    if (a !== b) pairs.push([a, b]);
  }
  if (pairs.length === 0) return () => 0;
  const find = termFinder(new Set(queryTerms));
  return (fields) => {
    // Indexed loops: this runs for every field of every candidate of every question, and
    // iterators and destructured callbacks allocated on each step.
    const found = new Set<number>();
    for (const field of fields) {
      if (!field || found.size === pairs.length) continue;
      const { folded, hits } = find(field);
      if (hits.length < 2) continue;
      for (let p = 0; p < pairs.length; p++) {
        if (found.has(p) || !pairClose(folded, hits, pairs[p] as [string, string], window)) {
          continue;
        }
        found.add(p);
      }
    }
    return found.size / pairs.length;
  };
}

/** Whether term `b` follows a term `a` in the hits, at most `window - 1` words after it. */
function pairClose(
  folded: string,
  hits: TermHit[],
  [a, b]: [string, string],
  window: number,
): boolean {
  for (let i = 0; i < hits.length; i++) {
    const ha = hits[i] as TermHit;
    if (ha.term !== a) continue;
    for (let j = 0; j < hits.length; j++) {
      const hb = hits[j] as TermHit;
      if (hb.term !== b || hb.start < ha.end || hb.start - ha.end > MAX_GAP_CHARS) continue;
      if (analyze(folded.slice(ha.end, hb.start)).length < window) return true;
    }
  }
  return false;
}

export function phraseProximity(
  queryTerms: string[],
  fields: (string | null)[],
  window = 2,
): number {
  return proximityScorer(queryTerms, window)(fields);
}
