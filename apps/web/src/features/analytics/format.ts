/** How the analytics page writes its numbers; every value shown comes from the server. */
import type { ChatChannel } from '@docent/shared';
import { CHANNEL_LABEL } from '../../lib/chat-channels.ts';

const integer = new Intl.NumberFormat();

export const formatCount = (n: number): string => integer.format(n);

/** A share of a whole, or a dash when there is no whole to share (no invented 0 %). */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return '—';
  const pct = (part / whole) * 100;
  return `${pct > 0 && pct < 1 ? '<1' : Math.round(pct)}%`;
}

/** Milliseconds as a reader thinks of an answer's wait: "850 ms", "1.4 s", "12 s". */
export function formatLatency(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
}

export const channelLabel = (channel: ChatChannel): string => CHANNEL_LABEL[channel] ?? channel;

let regions: Intl.DisplayNames | undefined;

/** "NL" → "Netherlands"; the code itself when the runtime has no name for it. */
export function countryName(code: string): string {
  try {
    regions ??= new Intl.DisplayNames(undefined, { type: 'region' });
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A local day (YYYY-MM-DD) for people: "Nov 24" or, with the year, "Nov 24, 2026". */
export function formatDay(date: string, withYear = false): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  });
}

/** An instant for people, in the browser's zone: "Nov 24, 2026, 21:05". */
export function formatInstant(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
