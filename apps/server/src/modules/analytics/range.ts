import { ANALYTICS_MESSAGES } from '@docent/shared';
import { type RawBuilder, sql } from 'kysely';
import { badRequest } from '../../lib/app-error.ts';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

/** Local days `from`..`to` (both included) in the IANA zone `tz`. */
export interface DayRange {
  from: string;
  to: string;
  tz: string;
}

/** Today's date in `tz`, as YYYY-MM-DD. */
export function todayIn(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);
}

const addDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The requested range, or the last 30 days up to today in `tz`; 400 when reversed or too long. */
export function resolveRange(q: {
  from?: string | undefined;
  to?: string | undefined;
  tz: string;
}): DayRange {
  const to = q.to ?? todayIn(q.tz);
  const from = q.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1 || days > MAX_DAYS) throw badRequest(ANALYTICS_MESSAGES.badRange);
  return { from, to, tz: q.tz };
}

/** Every day of the range, in order. */
export function daysOf(r: DayRange): string[] {
  const out: string[] = [];
  for (let d = r.from; d <= r.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The instant the range starts: local midnight of `from` in its zone. */
export const rangeStart = (r: DayRange): RawBuilder<Date> =>
  sql<Date>`(${r.from}::date::timestamp AT TIME ZONE ${r.tz})`;

/** The instant after the range: local midnight of the day after `to`. */
export const rangeEnd = (r: DayRange): RawBuilder<Date> =>
  sql<Date>`((${r.to}::date + 1)::timestamp AT TIME ZONE ${r.tz})`;

/** A timestamptz column's local day in the range's zone, as YYYY-MM-DD text. */
export const localDay = (column: string, r: DayRange): RawBuilder<string> =>
  sql<string>`to_char((${sql.ref(column)} AT TIME ZONE ${r.tz})::date, 'YYYY-MM-DD')`;
