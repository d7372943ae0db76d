/**
 * The holidays of the year's end named by their dates, as hours notices give them ("Closed on
 * 25 and 26 December", "closed from 24 to 26 December", "December 24: open until 1pm") while
 * customers ask by name ("Are you open on Boxing Day?", "… on Christmas Eve?").
 */
import { stem } from './analyzer.ts';

/** The holidays of each date, by month (1-based) and day, with the words they are asked by. */
const HOLIDAYS: Record<string, string[]> = {
  '12-24': ['christmas', 'eve'],
  '12-25': ['christmas'],
  '12-26': ['boxing', 'stephen'],
  '12-31': ['new', 'year', 'eve'],
  '1-1': ['new', 'year'],
};
const TERMS = new Map(Object.entries(HOLIDAYS).map(([date, words]) => [date, words.map(stem)]));

const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?(?!\d)`;
const MONTH = String.raw`(dec(?:ember)?|jan(?:uary)?)\b\.?`;
/** Between days of a month: a list's comma or "and", or a range's dash or "to". */
const JOIN = String.raw`\s*(?:,|and|&|to|until|till|[–—-])\s*`;
/**
 * Days a list may name before or after its month, beyond the first: a week's worth. Bounded so
 * that a hostile run of numbers ("1, 1, 1, …" with "dec" somewhere) is read in linear time.
 */
const MORE_DAYS = 6;
const RANGE = /^\s*(?:to|until|till|[–—-])\s*$/iu;
/** Days then their month, British style: "24, 25 and 26 December", "24–26 Dec". */
const DAYS_THEN_MONTH = new RegExp(
  String.raw`\b((?:${DAY}${JOIN}){0,${MORE_DAYS}}${DAY})\s+${MONTH}`,
  'giu',
);
/** The month then its days, American style: "December 24", "Dec 24 – 26". */
const MONTH_THEN_DAYS = new RegExp(
  String.raw`\b${MONTH}\s+(${DAY}(?:${JOIN}${DAY}){0,${MORE_DAYS}})`,
  'giu',
);

/** Days of one month a text names together, and where. */
interface Mention {
  month: number;
  days: number[];
  start: number;
  end: number;
}

const monthOf = (name: string) => (name.toLowerCase().startsWith('dec') ? 12 : 1);

/** The days a list or range of days names: "24 to 26" is 24, 25 and 26. */
function daysOf(list: string): number[] {
  const days: number[] = [];
  const parts = list.split(/(\d+)/u);
  for (let i = 1; i < parts.length; i += 2) {
    const day = Number(parts[i]);
    const before = days.at(-1);
    if (before !== undefined && day > before && RANGE.test(parts[i - 1] ?? '')) {
      for (let d = before + 1; d < day; d++) days.push(d);
    }
    days.push(day);
  }
  return days;
}

/** The dates a text gives, in reading order, written either way round. */
function mentionsIn(text: string): Mention[] {
  const out: Mention[] = [];
  const forms = [
    [DAYS_THEN_MONTH, true],
    [MONTH_THEN_DAYS, false],
  ] as const;
  for (const [form, daysFirst] of forms) {
    for (const m of text.matchAll(form)) {
      const [whole, first = '', second = ''] = m;
      const [days, month] = daysFirst ? [first, second] : [second, first];
      const start = m.index;
      out.push({ month: monthOf(month), days: daysOf(days), start, end: start + whole.length });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The terms of the holidays a text names by date ("26 December" → boxing, stephen), within a
 * list or range of days too, and across the year's end ("25 December – 2 January").
 */
export function holidayTerms(text: string): string[] {
  if (!/\d/u.test(text) || !/\b(?:dec|jan)/iu.test(text)) return [];
  const out = new Set<string>();
  const add = (month: number, day: number) => {
    for (const t of TERMS.get(`${month}-${day}`) ?? []) out.add(t);
  };
  const mentions = mentionsIn(text);
  mentions.forEach(({ month, days, start }, i) => {
    for (const day of days) add(month, day);
    const before = mentions[i - 1];
    if (before?.month === 12 && month === 1 && RANGE.test(text.slice(before.end, start))) {
      for (let d = (before.days.at(-1) ?? 31) + 1; d <= 31; d++) add(12, d);
      for (let d = 1; d < (days[0] ?? 1); d++) add(1, d);
    }
  });
  return [...out];
}
