import { describe, expect, it } from 'vitest';
import { openingHoursTerms, startsWithDay } from './opening-hours.ts';

const HOURS = ['open', 'close', 'hour'];
const WORKING_WEEK = ['mondai', 'tuesdai', 'wednesdai', 'thursdai', 'fridai', 'weekdai', 'week'];

describe('openingHoursTerms', () => {
  it('reads a day with its hours, or closed, as opening hours of the days it covers', () => {
    for (const text of ['Mon – Fri: 6:00am – 8:00pm', 'Staffed Monday to Friday, 8:30 – 17:30.']) {
      expect(openingHoursTerms(text), text).toEqual([...HOURS, ...WORKING_WEEK]);
    }
    for (const text of ['Monday Closed', 'Closed Mondays']) {
      expect(openingHoursTerms(text), text).toEqual([...HOURS, 'mondai', 'weekdai']);
    }
    expect(openingHoursTerms('Tuesday, Thursday: 8:30am – 8pm')).toEqual([
      ...HOURS,
      'tuesdai',
      'thursdai',
      'weekdai',
    ]);
    expect(openingHoursTerms('Sun 8am–2pm')).toEqual([...HOURS, 'sundai', 'weekend']);
    // A range's days between its ends, across the week's end too.
    expect(openingHoursTerms('Visit us in Bergen, open Fri to Mon 10–17.')).toEqual([
      ...HOURS,
      'mondai',
      'fridai',
      'saturdai',
      'sundai',
      'weekdai',
      'weekend',
    ]);
    // Holidays and dates are days too; a date's own weekday is no day the hours are for.
    expect(openingHoursTerms('Christmas Eve: phone and live chat 9am to 1pm.')).toEqual(HOURS);
    expect(openingHoursTerms('Closed on 25 and 26 December.')).toEqual(HOURS);
    expect(openingHoursTerms('Sat 2 May: 8:45am – 12:45pm, first session')).toEqual(HOURS);
  });

  it('takes no day beside a single time, a date or a figure for opening hours', () => {
    for (const text of [
      'Date: Thu, 07 Apr 2005 22:13:13 +0200',
      'Mon 2021-04-26 00:00:11 CEST 3 days ago',
      'age(timestamp) → 62 years 6 mons 10 days (from 10:00 to 11:00)',
      '%u is the weekday (Monday as the first day of the week) as a number (1–7).',
      'On Monday 3 of 5 runs failed.',
      'The shop is open from 9am to 5pm.',
      'Book by 6pm on the Thursday before.',
    ]) {
      expect(openingHoursTerms(text), text).toEqual([]);
    }
  });
});

describe('startsWithDay', () => {
  it('tells a cell beginning with a day from a column label', () => {
    expect(['Monday', 'Tue–Sun', 'Bank holidays', 'Weekdays'].map(startsWithDay)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['Day', 'Monthly', 'Sundries', 'Opening hours'].map(startsWithDay)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
