/**
 * Opening hours as businesses write them: a day and the hours of it ("Saturday: 10:00 – 18:00",
 * "Mon – Fri 6:00am – 8:00pm", "open Tuesday to Saturday 10–17"), or a day and that it is
 * closed ("Monday Closed", "Closed Mondays", "Closed on 25 and 26 December"). Such a line never
 * says what a customer asks with ("What time do you close on Saturdays?", "Are you open on
 * Wednesdays?", "How late are you open during the week?"); it reads as opening hours to anyone.
 */
import { stem } from './analyzer.ts';

/** The days of the week, Monday first, by the letters every form of their names starts with. */
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const WEEKDAY_NAME =
  '(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)';
/** A month's name, in full or abbreviated. */
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** A date: "26 December", "Dec 26th". */
const DATE_FORM = `(?:\\d{1,2}(?:st|nd|rd|th)? ${MONTH}|${MONTH} \\d{1,2})`;
/** Days named together, the holidays hours are given for, and dates. */
const OTHER_DAY = `(?:daily|every ?day|weekdays?|weekends?|(?:public|bank) holidays?|christmas|boxing day|new year'?s?|easter|${DATE_FORM})`;
const DAY_NAME = `(?:${WEEKDAY_NAME}|${OTHER_DAY})`;
/** A date's weekday is the date's ("Sat 2 May: first session"), not one the hours are for. */
const DATE = new RegExp(String.raw`\b${DATE_FORM}\b`, 'iu');
const DAY = new RegExp(String.raw`\b${DAY_NAME}\b`, 'iu');
const WEEKDAYS = new RegExp(String.raw`\b${WEEKDAY_NAME}\b`, 'giu');
const STARTS_WITH_DAY = new RegExp(String.raw`^\s*${DAY_NAME}\b`, 'iu');
/** Between the first and last days of a range: "Tue–Sun", "Monday to Friday". */
const DAYS_JOIN = '(?:[–—-]|to|through|thru|till|until)';
const DAY_RANGE = new RegExp(String.raw`^\s*${DAYS_JOIN}\s*$`, 'iu');

/** Whether a text (a table's cell) begins with a day: "Monday", "Tue–Sun", "Bank holidays". */
export const startsWithDay = (text: string): boolean => STARTS_WITH_DAY.test(text);
/** A time of day: "10:00", "9.30am", "8pm", "8 a.m.", noon, midnight. */
const TIME = String.raw`(?:\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}[:.]\d{2}|noon|midnight)`;
/** Two times joined: "10:00 – 18:00", "9am to 5pm". */
const SPAN = String.raw`${TIME}\s*(?:[–—-]|to|till|until)\s*${TIME}`;
/**
 * Hours: two times joined ("10:00 – 18:00", "9am to 5pm", "between 10:00 and 17:00"), one
 * bound ("until 1:00 PM"), or two bare hours joined by a dash after a day ("Saturday 10–17",
 * not a date's "04-29"). A single time is none: a date format's "Thu, 07 Apr 2005 22:13:13"
 * names a day and a time, no hours.
 */
const HOURS = new RegExp(
  String.raw`${SPAN}|${TIME}\s*and\s*${TIME}|\b(?:until|till)\s+${TIME}|\b${DAY_NAME}:?\s+\d{1,2}\s*[–—-]\s*\d{1,2}\b(?![:.]?\d)`,
  'iu',
);
const CLOSED = /\bclosed\b/iu;

/** A day or a range of days and nothing else: "Saturday", "Tue – Fri", "Bank holidays:". */
const DAYS_ALONE = new RegExp(
  String.raw`^${DAY_NAME}(?:\s*(?:${DAYS_JOIN}|[&,]|and)\s*${DAY_NAME})?:?$`,
  'iu',
);
/** Hours and nothing else: "10:00 – 18:00", "9am to 1pm, 2pm to 5pm", "Closed". */
const HOURS_ALONE = new RegExp(String.raw`^(?:${SPAN}(?:\s*[,&/]\s*${SPAN})*|closed)\.?$`, 'iu');

/**
 * Whether a text naming days alone is followed by one giving their hours alone: site builders
 * lay an hours table out as a grid of paragraphs ("Saturday", then "10:00 – 18:00"), which
 * read one after the other say nothing of the hours of a day unless read as one line.
 */
export const daysThenHours = (days: string, hours: string): boolean =>
  DAYS_ALONE.test(days.trim()) && HOURS_ALONE.test(hours.trim());

const HOURS_TERMS = ['open', 'close', 'hours'].map(stem);
const DAY_TERMS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
].map(stem);

/** The days of the week a text names, a range's days between its ends too, Monday as 0. */
function weekdaysIn(text: string): Set<number> {
  const days = new Set<number>();
  let last: { day: number; end: number } | undefined;
  for (const m of text.matchAll(WEEKDAYS)) {
    const day = WEEK.indexOf(m[0].slice(0, 3).toLowerCase());
    if (last && DAY_RANGE.test(text.slice(last.end, m.index))) {
      for (let d = (last.day + 1) % 7; d !== day; d = (d + 1) % 7) days.add(d);
    }
    days.add(day);
    last = { day, end: m.index + m[0].length };
  }
  return days;
}

/**
 * The terms an opening-hours line implies: open, close and hours; each day of the week it
 * covers by its full name ("Tue–Fri 7am–6pm" answers "Are you open on Wednesdays?"); weekday
 * or weekend for those days, and week for Monday to Friday ("Mon – Fri: 6:00am – 8:00pm"
 * answers "How late are you open during the week?", "Saturday: 10:00 – 16:00" "Are you open at
 * weekends?"). None for other text. "week" for any weekday cost two answers ("my copy didn't
 * come this week" drawn to a delivery day's hours) for the one it gained.
 */
export function openingHoursTerms(text: string): string[] {
  if (!/\d|closed/iu.test(text) || !DAY.test(text)) return [];
  if (!(HOURS.test(text) || CLOSED.test(text))) return [];
  const days = DATE.test(text) ? new Set<number>() : weekdaysIn(text);
  const out = [
    ...HOURS_TERMS,
    ...[...days].sort((a, b) => a - b).map((d) => DAY_TERMS[d] as string),
  ];
  const covered = (from: number, to: number) => [...days].some((d) => d >= from && d <= to);
  if (covered(0, 4) || /\bweekdays?\b/iu.test(text)) out.push(stem('weekday'));
  if ([0, 1, 2, 3, 4].every((d) => days.has(d))) out.push(stem('week'));
  if (covered(5, 6) || /\bweekends?\b/iu.test(text)) out.push(stem('weekend'));
  return out;
}
