/**
 * The analytics date range: local days in the owner's browser time zone, as the server's
 * `from`/`to`/`tz` query expects them (both ends included, at most 366 days).
 */
export const PRESETS = [7, 30, 90] as const;
export type Preset = (typeof PRESETS)[number];
export const MAX_DAYS = 366;

export interface DayRange {
  from: string;
  to: string;
  tz: string;
}

const DAY_MS = 86_400_000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The browser's IANA zone ("Europe/Amsterdam"); UTC when the runtime cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Today's date in `tz`, as YYYY-MM-DD. */
export function todayIn(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);
}

export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** The last `days` local days up to today in `tz`. */
export function presetRange(days: number, tz: string, now = new Date()): DayRange {
  const to = todayIn(tz, now);
  return { from: addDays(to, -(days - 1)), to, tz };
}

const isDay = (v: string) => DATE_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** Why a custom range cannot be asked for, or undefined when it can. */
export function customRangeError(from: string, to: string): string | undefined {
  if (!isDay(from) || !isDay(to)) return 'Pick a start and an end date.';
  if (from > to) return 'The start date must be on or before the end date.';
  if (daysBetween(from, to) > MAX_DAYS) return `Pick at most ${MAX_DAYS} days.`;
  return undefined;
}
