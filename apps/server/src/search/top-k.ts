import type { ScoredChunks } from './bm25.ts';

/** The `k` best (id, score) pairs, best first; ties broken by lower chunk id (stable order). */
export function topK(scored: ScoredChunks, k: number): { id: number; score: number }[] {
  const { ids, scores } = scored;
  const size = Math.min(k, scores.length);
  if (size <= 0) return [];
  // A min-heap of the best `size` so far: O(n log k) instead of sorting every candidate.
  const hs = new Float64Array(size);
  const hi = new Float64Array(size);
  const worse = (a: number, b: number) =>
    (hs[a] as number) < (hs[b] as number) ||
    ((hs[a] as number) === (hs[b] as number) && (hi[a] as number) > (hi[b] as number));
  const siftDown = (start: number, n: number) => {
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && worse(l, m)) m = l;
      if (r < n && worse(r, m)) m = r;
      if (m === i) return;
      // Swapped through locals: a destructuring swap allocates two arrays per step.
      const s = hs[i] as number;
      hs[i] = hs[m] as number;
      hs[m] = s;
      const id = hi[i] as number;
      hi[i] = hi[m] as number;
      hi[m] = id;
      i = m;
    }
  };
  let n = 0;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i] as number;
    const id = ids[i] as number;
    if (n < size) {
      hs[n] = s;
      hi[n] = id;
      n++;
      if (n === size) for (let j = (size >> 1) - 1; j >= 0; j--) siftDown(j, size);
    } else if (s > (hs[0] as number) || (s === hs[0] && id < (hi[0] as number))) {
      hs[0] = s;
      hi[0] = id;
      siftDown(0, size);
    }
  }
  const out: { id: number; score: number }[] = [];
  for (let i = 0; i < n; i++) out.push({ id: hi[i] as number, score: hs[i] as number });
  out.sort((a, b) => b.score - a.score || a.id - b.id);
  return out;
}
