import type { DayCount } from '@docent/shared';

/** Columns of the per-day chart: x (local midnight, in seconds) and one array per series. */
export type DailyColumns = [number[], number[], number[], number[]];

/** The series drawn, in column order after x. */
export const DAILY_SERIES = [
  { key: 'conversations', label: 'Conversations' },
  { key: 'messages', label: 'Messages' },
  { key: 'unanswered', label: 'Unanswered' },
] as const;

/**
 * A local day (YYYY-MM-DD, in the browser's zone, which is the zone the server counted in)
 * as the instant of its local midnight, in seconds: what uPlot's time axis reads.
 */
export function localMidnight(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime() / 1000;
}

export function dailyColumns(days: DayCount[]): DailyColumns {
  return [
    days.map((d) => localMidnight(d.date)),
    days.map((d) => d.conversations),
    days.map((d) => d.messages),
    days.map((d) => d.unanswered),
  ];
}

/** Y-axis steps: whole counts only (no "0.5 conversations"). */
export const COUNT_STEPS = [1, 2, 5]
  .flatMap((s) => [1, 10, 100, 1000, 10_000, 1e5].map((m) => s * m))
  .sort((a, b) => a - b);

/** X-axis steps: whole days and weeks. */
export const DAY_STEPS = [1, 2, 7, 14, 28].map((d) => d * 86_400);
