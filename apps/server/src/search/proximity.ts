/**
 * Share (0–1) of the query's adjacent term pairs that also occur close together, in the same
 * order, in the passage (within `window` positions, stop words already removed from both).
 * Rewards passages where "heart attack" appears as a phrase over ones that merely mention
 * "heart" and "attack".
 */
export function phraseProximity(queryTerms: string[], passageTerms: string[], window = 2): number {
  if (queryTerms.length < 2) return 0;
  const positions = new Map<string, number[]>();
  passageTerms.forEach((t, i) => {
    const list = positions.get(t);
    if (list) list.push(i);
    else positions.set(t, [i]);
  });
  let pairs = 0;
  let found = 0;
  for (let i = 0; i + 1 < queryTerms.length; i++) {
    const a = queryTerms[i] as string;
    const b = queryTerms[i + 1] as string;
    if (a === b) continue;
    pairs++;
    const pa = positions.get(a);
    const pb = positions.get(b);
    if (!pa || !pb) continue;
    if (pa.some((p) => pb.some((q) => q > p && q - p <= window))) found++;
  }
  return pairs === 0 ? 0 : found / pairs;
}
