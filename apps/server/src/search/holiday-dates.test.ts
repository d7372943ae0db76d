import { describe, expect, it } from 'vitest';
import { holidayTerms } from './holiday-dates.ts';

describe('holidayTerms', () => {
  it('names the holidays of the dates an hours notice gives', () => {
    expect(holidayTerms('Closed on 25 and 26 December.')).toEqual(['christma', 'box', 'stephen']);
    expect(holidayTerms('December 24: open until 1pm')).toEqual(['christma', 'ev']);
    // A range's days between its ends, and across the year's end.
    expect(holidayTerms('We are closed from 24 to 26 December.')).toEqual([
      'christma',
      'ev',
      'box',
      'stephen',
    ]);
    expect(holidayTerms('Christmas closure: 27 December – 2 January')).toEqual([
      'new',
      'year',
      'ev',
    ]);
  });

  it('names none for other dates, years or numbers', () => {
    for (const text of [
      'Released on 12 December 2023.',
      'The January 2026 release',
      'Timestamp 2025-12-26',
      'Order 25 decaf bags',
    ]) {
      expect(holidayTerms(text), text).toEqual([]);
    }
  });
});
