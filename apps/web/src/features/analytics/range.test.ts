import { describe, expect, it } from 'vitest';
import { addDays, customRangeError, daysBetween, presetRange, todayIn } from './range.ts';
import { readParams } from './use-analytics-params.ts';

describe('analytics range (web)', () => {
  it('counts the last N local days up to today in the browser zone, across a date line', () => {
    const now = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-25');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-24');
    expect(presetRange(7, 'Asia/Tokyo', now)).toEqual({
      from: '2026-11-19',
      to: '2026-11-25',
      tz: 'Asia/Tokyo',
    });
    const r = presetRange(90, 'UTC', now);
    expect(daysBetween(r.from, r.to)).toBe(90);
  });

  it('steps over month ends and a DST change by calendar days', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-10-20', '2026-11-02')).toBe(14);
  });

  it('refuses a custom range that is missing, reversed or longer than 366 days', () => {
    expect(customRangeError('', '2026-11-01')).toMatch(/start and an end/);
    expect(customRangeError('2026-11-02', '2026-11-01')).toMatch(/on or before/);
    expect(customRangeError('2025-01-01', '2026-11-01')).toMatch(/366/);
    expect(customRangeError('2026-11-01', '2026-11-01')).toBeUndefined();
  });

  it('reads the page state from its address, falling back on bad values', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const read = (q: string) => readParams(new URLSearchParams(q), 'UTC', now);
    expect(read('')).toMatchObject({ botId: '', preset: 30, view: 'overview' });
    expect(read('').range).toEqual({ from: '2026-10-26', to: '2026-11-24', tz: 'UTC' });
    expect(read('days=7&bot=b1&view=gaps')).toMatchObject({ botId: 'b1', preset: 7, view: 'gaps' });
    expect(read('days=12')).toMatchObject({ preset: 30 });
    expect(read('days=custom&from=2026-10-01&to=2026-10-15')).toMatchObject({
      preset: 'custom',
      range: { from: '2026-10-01', to: '2026-10-15', tz: 'UTC' },
    });
    expect(read('days=custom&from=2026-10-15&to=2026-10-01')).toMatchObject({ preset: 30 });
  });
});
