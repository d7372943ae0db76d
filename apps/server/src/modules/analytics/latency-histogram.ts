/**
 * Median and p95 answer latency from the rollups' histogram (migration 0015,
 * analytics_latency_bin): bins about 2 % wide, each read as the mean of its latencies.
 * Computed like PostgreSQL's percentile_cont over the latencies themselves (linear
 * interpolation between the two closest ranks), so each figure is within about 2 % of the
 * exact one, and exact when the ranks it reads fall in bins holding a single distinct value.
 */
export interface LatencyBin {
  /** Bins in ascending order. */
  bin: number;
  turns: number;
  total_ms: number;
}

/** The value of the `rank`-th latency (0-based, ascending): its bin's mean. */
function valueAt(bins: readonly LatencyBin[], rank: number): number {
  let seen = 0;
  for (const b of bins) {
    seen += b.turns;
    if (rank < seen) return b.total_ms / b.turns;
  }
  throw new Error(`rank ${rank} beyond ${seen} latencies`);
}

/** percentile_cont(`fraction`) of the latencies in `bins`, rounded to a millisecond. */
function percentile(bins: readonly LatencyBin[], count: number, fraction: number): number {
  const at = fraction * (count - 1);
  const below = valueAt(bins, Math.floor(at));
  const above = valueAt(bins, Math.ceil(at));
  return Math.round(below + (at - Math.floor(at)) * (above - below));
}

export function latencyPercentiles(bins: readonly LatencyBin[]): {
  median: number | null;
  p95: number | null;
} {
  const count = bins.reduce((n, b) => n + b.turns, 0);
  if (count === 0) return { median: null, p95: null };
  return { median: percentile(bins, count, 0.5), p95: percentile(bins, count, 0.95) };
}
