import { describe, expect, it } from 'vitest';
import { apiQuery, dayRange, isFiltered, readFilters, todayIn, writeFilters } from './filters.ts';

const TODAY = '2026-11-24';

describe('inbox filters in the URL', () => {
  it('defaults to the last 12 months, page 1, nothing filtered', () => {
    const f = readFilters(new URLSearchParams(), TODAY);
    expect(f).toMatchObject({
      range: '365',
      channel: '',
      feedback: '',
      unanswered: false,
      page: 1,
    });
    expect(isFiltered(f)).toBe(false);
    expect(writeFilters(f).toString()).toBe('');
    expect(dayRange(f, TODAY)).toEqual({ from: '2025-11-25', to: TODAY });
  });

  it('round-trips every filter and keeps the open conversation', () => {
    const url =
      'range=custom&from=2026-11-01&to=2026-11-10&channel=widget&feedback=down&unanswered=1&q=refund&page=3&c=abc';
    const params = new URLSearchParams(url);
    const f = readFilters(params, TODAY);
    expect(isFiltered(f)).toBe(true);
    expect(writeFilters(f, params.get('c')).toString()).toBe(url);
  });

  it('ignores values it does not know instead of sending them to the API', () => {
    const f = readFilters(
      new URLSearchParams('range=9&channel=email&feedback=meh&page=-2&from=yesterday'),
      TODAY,
    );
    expect(f).toMatchObject({ range: '365', channel: '', feedback: '', page: 1 });
    expect(f.from).toBe('2026-10-26');
  });

  it('builds the API query in the browser time zone, a reversed custom range put right', () => {
    const f = readFilters(new URLSearchParams('range=custom&from=2026-11-10&to=2026-11-01'), TODAY);
    expect(apiQuery(f, 'bot-1', 'Europe/Amsterdam', TODAY)).toEqual({
      bot_id: 'bot-1',
      from: '2026-11-01',
      to: '2026-11-10',
      tz: 'Europe/Amsterdam',
      channel: undefined,
      feedback: undefined,
      unanswered: undefined,
      q: undefined,
      page: '1',
      page_size: '25',
    });
    const week = readFilters(new URLSearchParams('range=7&unanswered=1'), TODAY);
    expect(apiQuery(week, 'b', 'UTC', TODAY)).toMatchObject({
      from: '2026-11-18',
      unanswered: 'true',
    });
  });

  it("reads today in the owner's zone, not UTC", () => {
    const lateEvening = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-24');
    expect(todayIn('Asia/Tokyo', lateEvening)).toBe('2026-11-25');
  });
});
