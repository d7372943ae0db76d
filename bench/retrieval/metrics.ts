/** nDCG@k as trec_eval computes it (gain = relevance, discount log2(rank + 1)). */
export function ndcgAt(ranked: string[], relevant: Map<string, number>, k: number): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    dcg += (relevant.get(id) ?? 0) / Math.log2(i + 2);
  });
  const ideal = [...relevant.values()].sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, rel, i) => sum + rel / Math.log2(i + 2), 0);
  return idcg > 0 ? dcg / idcg : 0;
}

export function recallAt(ranked: string[], relevant: Map<string, number>, k: number): number {
  const wanted = [...relevant.entries()].filter(([, rel]) => rel > 0).map(([id]) => id);
  if (wanted.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return wanted.filter((id) => top.has(id)).length / wanted.length;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] as number;
}
