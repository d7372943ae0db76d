import { type ChatChannel, type InboxQuery, VOTES, type Vote } from '@docent/shared';
import { CHANNEL_CHOICES } from '../../lib/chat-channels.ts';

/** The date ranges the inbox offers; `custom` reads `from` and `to`. */
export const RANGES = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 12 months' },
  { value: 'custom', label: 'Custom range' },
] as const;
export type RangeChoice = (typeof RANGES)[number]['value'];

/** What the inbox shows, as kept in the page's URL (so Back, reload and links keep it). */
export interface InboxFilters {
  range: RangeChoice;
  from: string;
  to: string;
  channel: ChatChannel | '';
  feedback: Vote | '';
  unanswered: boolean;
  q: string;
  page: number;
}

/** The widest range the API serves (366 days): "every conversation" of a year. */
export const DEFAULT_RANGE: RangeChoice = '365';
export const PAGE_SIZE = 25;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly { value: T }[], v: string | null): T | undefined =>
  list.find((x) => x.value === v)?.value;

/** The browser's time zone: days in the inbox are the owner's local days. */
export const browserTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Today in `tz` as YYYY-MM-DD. */
export const todayIn = (tz: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

export function readFilters(params: URLSearchParams, today: string): InboxFilters {
  const range = oneOf(RANGES, params.get('range')) ?? DEFAULT_RANGE;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  return {
    range,
    from: DAY.test(from) ? from : addDays(today, -29),
    to: DAY.test(to) ? to : today,
    channel: oneOf(CHANNEL_CHOICES, params.get('channel')) ?? '',
    feedback: VOTES.find((v) => v === params.get('feedback')) ?? '',
    unanswered: params.get('unanswered') === '1',
    q: (params.get('q') ?? '').slice(0, 200),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL form of the filters: defaults are left out, the open conversation is kept. */
export function writeFilters(f: InboxFilters, open?: string | null): URLSearchParams {
  const p = new URLSearchParams();
  if (f.range !== DEFAULT_RANGE) p.set('range', f.range);
  if (f.range === 'custom') {
    p.set('from', f.from);
    p.set('to', f.to);
  }
  if (f.channel) p.set('channel', f.channel);
  if (f.feedback) p.set('feedback', f.feedback);
  if (f.unanswered) p.set('unanswered', '1');
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.page > 1) p.set('page', String(f.page));
  if (open) p.set('c', open);
  return p;
}

/** The first and last local day the filters cover. */
export function dayRange(f: InboxFilters, today: string): { from: string; to: string } {
  if (f.range === 'custom') {
    return f.from <= f.to ? { from: f.from, to: f.to } : { from: f.to, to: f.from };
  }
  return { from: addDays(today, -(Number(f.range) - 1)), to: today };
}

/** The API query of GET inbox/conversations (and its CSV export). */
export function apiQuery(
  f: InboxFilters,
  botId: string,
  tz: string,
  today: string,
): Record<keyof InboxQuery, string | undefined> {
  const { from, to } = dayRange(f, today);
  return {
    bot_id: botId,
    from,
    to,
    tz,
    channel: f.channel || undefined,
    feedback: f.feedback || undefined,
    unanswered: f.unanswered ? 'true' : undefined,
    q: f.q.trim() || undefined,
    page: String(f.page),
    page_size: String(PAGE_SIZE),
  };
}

/** Whether anything narrows the list beyond the default range. */
export const isFiltered = (f: InboxFilters): boolean =>
  f.range !== DEFAULT_RANGE || !!f.channel || !!f.feedback || f.unanswered || !!f.q.trim();

export const toSearch = (query: Record<string, string | undefined>): string => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) p.set(k, v);
  return p.toString();
};
