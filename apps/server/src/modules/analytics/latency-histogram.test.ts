import { describe, expect, it } from 'vitest';
import { type LatencyBin, latencyPercentiles } from './latency-histogram.ts';
import { splitSpan } from './rollup-span.ts';

/** migration 0015's analytics_latency_bin. */
const binOf = (ms: number) => Math.floor(Math.log(ms + 1) * 50);

function histogram(latencies: number[]): LatencyBin[] {
  const bins = new Map<number, LatencyBin>();
  for (const ms of latencies) {
    const b = bins.get(binOf(ms)) ?? { bin: binOf(ms), turns: 0, total_ms: 0 };
    b.turns++;
    b.total_ms += ms;
    bins.set(b.bin, b);
  }
  return [...bins.values()].sort((a, b) => a.bin - b.bin);
}

/** PostgreSQL's percentile_cont over the values themselves. */
function exact(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = fraction * (sorted.length - 1);
  const lo = sorted[Math.floor(at)] as number;
  const hi = sorted[Math.ceil(at)] as number;
  return lo + (at - Math.floor(at)) * (hi - lo);
}

describe('latency percentiles from the histogram', () => {
  it('stay within 2 % of the exact median and p95', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 50; run++) {
      const values = Array.from({ length: 1 + Math.floor(random() * 3000) }, () =>
        Math.round(Math.exp(4 + random() * 6)),
      );
      const { median, p95 } = latencyPercentiles(histogram(values));
      expect(Math.abs(median! - exact(values, 0.5))).toBeLessThanOrEqual(
        exact(values, 0.5) * 0.02 + 1,
      );
      expect(Math.abs(p95! - exact(values, 0.95))).toBeLessThanOrEqual(
        exact(values, 0.95) * 0.02 + 1,
      );
    }
  });

  it('are exact where each bin holds one distinct value, and null without turns', () => {
    expect(latencyPercentiles(histogram([100, 300, 200, 400]))).toEqual({ median: 250, p95: 385 });
    expect(latencyPercentiles([])).toEqual({ median: null, p95: null });
  });
});

describe('splitSpan', () => {
  const at = (iso: string) => new Date(iso);

  it('reads whole UTC days from the rollups and the partial days at either end from chats', () => {
    // 1–2 March in Amsterdam (+1).
    expect(splitSpan(at('2026-02-28T23:00:00Z'), at('2026-03-02T23:00:00Z'))).toEqual({
      start: at('2026-02-28T23:00:00Z'),
      end: at('2026-03-02T23:00:00Z'),
      days: { from: '2026-03-01', to: '2026-03-02' },
      edges: [
        [at('2026-02-28T23:00:00Z'), at('2026-03-01T00:00:00Z')],
        [at('2026-03-02T00:00:00Z'), at('2026-03-02T23:00:00Z')],
      ],
    });
  });

  it('has no edges in UTC and no whole day in a single shifted day', () => {
    expect(splitSpan(at('2026-03-01T00:00:00Z'), at('2026-03-02T00:00:00Z'))).toMatchObject({
      days: { from: '2026-03-01', to: '2026-03-02' },
      edges: [],
    });
    expect(splitSpan(at('2026-03-01T05:00:00Z'), at('2026-03-02T05:00:00Z'))).toMatchObject({
      days: null,
      edges: [[at('2026-03-01T05:00:00Z'), at('2026-03-02T05:00:00Z')]],
    });
  });
});
