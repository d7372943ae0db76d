import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  browserTimeZone,
  customRangeError,
  type DayRange,
  PRESETS,
  type Preset,
  presetRange,
} from './range.ts';

export type AnalyticsView = 'overview' | 'gaps';

/** What the page shows, kept in its address so a reload or a shared link shows the same. */
export interface AnalyticsParams {
  /** '' = every bot of the account, summed. */
  botId: string;
  /** A preset number of days, or 'custom' with `range` from the address. */
  preset: Preset | 'custom';
  range: DayRange;
  view: AnalyticsView;
}

const DEFAULT_PRESET: Preset = 30;

/** Reads the page's parameters from a query string; bad or missing values fall back. */
export function readParams(search: URLSearchParams, tz: string, now = new Date()): AnalyticsParams {
  const botId = search.get('bot') ?? '';
  const view: AnalyticsView = search.get('view') === 'gaps' ? 'gaps' : 'overview';
  const days = Number(search.get('days'));
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (search.get('days') === 'custom' && !customRangeError(from, to)) {
    return { botId, view, preset: 'custom', range: { from, to, tz } };
  }
  const preset = PRESETS.find((p) => p === days) ?? DEFAULT_PRESET;
  return { botId, view, preset, range: presetRange(preset, tz, now) };
}

/** The page's parameters and setters that write them back to the address. */
export function useAnalyticsParams() {
  const [search, setSearch] = useSearchParams();
  const tz = useMemo(browserTimeZone, []);
  const params = readParams(search, tz);
  const update = (changes: Record<string, string | undefined>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  return {
    params,
    setBot: (botId: string) => update({ bot: botId }),
    setPreset: (days: Preset) => update({ days: String(days), from: undefined, to: undefined }),
    setCustom: (from: string, to: string) => update({ days: 'custom', from, to }),
    setView: (view: AnalyticsView) => update({ view: view === 'gaps' ? 'gaps' : undefined }),
  };
}
