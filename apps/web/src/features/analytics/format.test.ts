import type { AnalyticsSummary } from '@docent/shared';
import { describe, expect, it } from 'vitest';
import { dailyColumns, localMidnight } from './chart-series.ts';
import { countryName, formatLatency, formatShare } from './format.ts';
import { summaryTiles } from './SummaryCards.tsx';

const empty: AnalyticsSummary = {
  from: '2026-11-18',
  to: '2026-11-24',
  tz: 'UTC',
  conversations: 0,
  messages: 0,
  unanswered: 0,
  thumbs_up: 0,
  thumbs_down: 0,
  resolutions: 0,
  latency_ms: { median: null, p95: null },
  per_day: [],
  channels: [],
  countries: [],
  top_questions: [],
  top_sources: [],
  uncited_sources: [],
};

describe('analytics figures (web)', () => {
  it('writes shares and answer times without inventing a value', () => {
    expect(formatShare(0, 0)).toBe('—');
    expect(formatShare(1, 3)).toBe('33%');
    expect(formatShare(1, 1000)).toBe('<1%');
    expect(formatShare(0, 10)).toBe('0%');
    expect(formatLatency(null)).toBe('—');
    expect(formatLatency(420.4)).toBe('420 ms');
    expect(formatLatency(1420)).toBe('1.4 s');
    expect(formatLatency(12_600)).toBe('13 s');
    expect(countryName('NL')).toMatch(/Netherlands|NL/);
  });

  it('shows dashes, not zero percent, for a range with nothing to share', () => {
    const byLabel = Object.fromEntries(summaryTiles(empty).map((t) => [t.label, t]));
    expect(byLabel.Answered?.value).toBe('—');
    expect(byLabel['Thumbs up']?.value).toBe('—');
    expect(byLabel['Median answer time']?.value).toBe('—');
    expect(byLabel.Conversations?.value).toBe('0');
  });

  it('computes each tile from the summary it is given', () => {
    const s = {
      ...empty,
      conversations: 40,
      messages: 100,
      unanswered: 25,
      thumbs_up: 9,
      thumbs_down: 3,
      resolutions: 10,
      latency_ms: { median: 480, p95: 2300 },
    };
    const byLabel = Object.fromEntries(summaryTiles(s).map((t) => [t.label, t]));
    expect(byLabel.Answered).toMatchObject({ value: '75%', detail: '75 of 100 questions' });
    expect(byLabel.Unanswered).toMatchObject({ value: '25', detail: '25% of questions' });
    expect(byLabel.Resolutions).toMatchObject({ value: '10', detail: '25% of conversations' });
    expect(byLabel['Thumbs up']).toMatchObject({ value: '75%', detail: '9 up · 3 down' });
    expect(byLabel['Median answer time']).toMatchObject({
      value: '480 ms',
      detail: '95th percentile 2.3 s',
    });
  });

  it('turns per-day counts into chart columns at each local midnight', () => {
    const days = [
      { date: '2026-11-23', conversations: 2, messages: 5, unanswered: 1 },
      { date: '2026-11-24', conversations: 0, messages: 0, unanswered: 0 },
    ];
    const [x, conversations, messages, unanswered] = dailyColumns(days);
    expect(x).toEqual([localMidnight('2026-11-23'), localMidnight('2026-11-24')]);
    expect(new Date((x[0] ?? 0) * 1000).getHours()).toBe(0);
    expect(conversations).toEqual([2, 0]);
    expect(messages).toEqual([5, 0]);
    expect(unanswered).toEqual([1, 0]);
  });
});
