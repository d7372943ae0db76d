import { analyze, termFinder } from './analyzer.ts';

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
    const found = new Set<number>();
    for (const field of fields) {
      if (!field || found.size === pairs.length) continue;
      const { folded, hits } = find(field);
      if (hits.length < 2) continue;
      pairs.forEach(([a, b], p) => {
        if (found.has(p)) return;
        for (const ha of hits) {
          if (ha.term !== a) continue;
          for (const hb of hits) {
            if (hb.term !== b || hb.start < ha.end || hb.start - ha.end > MAX_GAP_CHARS) continue;
            if (analyze(folded.slice(ha.end, hb.start)).length < window) {
              found.add(p);
              return;
            }
          }
        }
      });
    }
    return found.size / pairs.length;
  };
}

export function phraseProximity(
  queryTerms: string[],
  fields: (string | null)[],
  window = 2,
): number {
  return proximityScorer(queryTerms, window)(fields);
}
