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

  it('reads a list of up to seven days before its month, and no further back', () => {
    expect(holidayTerms('Closed on 1, 2, 3, 4, 5, 6 and 24 December')).toEqual(['christma', 'ev']);
    // A run of numbers ("25, 1, 1, …") is read only as far as a week's worth before the month.
    expect(holidayTerms(`Codes 25, ${'1, '.repeat(20)}2 December`)).toEqual([]);
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
