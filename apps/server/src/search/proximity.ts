import { findTerms } from './analyzer.ts';

/** Keeps terms of different fields of a passage from counting as adjacent. */
const FIELD_GAP = 1_000;

/**
 * Share (0–1) of the query's adjacent term pairs that also occur close together, in the same
 * order, in the passage fields (within `window` positions, stop words removed on both sides).
 * Rewards passages where "heart attack" appears as a phrase over ones that merely mention
 * "heart" and "attack".
 */
export function phraseProximity(
  queryTerms: string[],
  fields: (string | null)[],
  window = 2,
): number {
  if (queryTerms.length < 2) return 0;
  const wanted = new Set(queryTerms);
  const positions = new Map<string, number[]>();
  let offset = 0;
  for (const field of fields) {
    if (!field) continue;
    let last = 0;
    for (const { term, position } of findTerms(field, wanted)) {
      const list = positions.get(term);
      if (list) list.push(offset + position);
      else positions.set(term, [offset + position]);
      last = position;
    }
    offset += last + FIELD_GAP;
  }
  let pairs = 0;
  let found = 0;
  for (let i = 0; i + 1 < queryTerms.length; i++) {
    const a = queryTerms[i] as string;
    const b = queryTerms[i + 1] as string;
    if (a === b) continue;
    pairs++;
    const pa = positions.get(a);
    const pb = positions.get(b);
    if (pa && pb && pa.some((p) => pb.some((q) => q > p && q - p <= window))) found++;
  }
  return pairs === 0 ? 0 : found / pairs;
}
