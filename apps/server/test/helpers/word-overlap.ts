/** Lower-cased letter/digit runs: what text-extraction quality is measured on. */
export const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Multiset overlap of two word lists: recall is the share of `reference` words found in
 * `ours` (each occurrence used once), precision the share of `ours` that match.
 */
export function bagOverlap(reference: string[], ours: string[]) {
  const bag = new Map<string, number>();
  for (const w of ours) bag.set(w, (bag.get(w) ?? 0) + 1);
  let hit = 0;
  for (const w of reference) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      hit++;
      bag.set(w, n - 1);
    }
  }
  return { recall: hit / reference.length, precision: hit / ours.length };
}
