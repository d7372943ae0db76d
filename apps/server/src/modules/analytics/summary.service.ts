import type { AnalyticsSummary, DayCount } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { latencyPercentiles } from './latency-histogram.ts';
import { groupQuestions } from './question-groups.ts';
import { type DayRange, daysOf, resolveRange } from './range.ts';
import { rollupSpan } from './rollup-span.ts';
import { flushRollups } from './rollups.repo.ts';
import { botsInScope } from './scope.ts';
import {
  askedWordings,
  type CitedSource,
  citedSources,
  type DayCounts,
  dayCounts,
  latencyBins,
  type OriginCount,
  originCounts,
  uncitedDocuments,
} from './summary.repo.ts';

const TOP = 10;
/** Distinct wordings read for the top questions; near-duplicates are grouped among them. */
const WORDINGS = 300;
const UNCITED_MAX = 50;

export interface SummaryRequest {
  userId: string;
  botId: string | undefined;
  from: string | undefined;
  to: string | undefined;
  tz: string;
}

/** Counts of `groups` by one of their fields (unknown left out), largest first. */
function countBy<K extends 'channel' | 'country'>(groups: OriginCount[], key: K) {
  const counts = new Map<OriginCount[K], number>();
  for (const g of groups) {
    const k = g[key];
    if (k) counts.set(k, (counts.get(k) ?? 0) + g.conversations);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The most cited sources, the bots' counts of one source summed; ties in title order. */
function topSources(cited: CitedSource[]): AnalyticsSummary['top_sources'] {
  const bySource = new Map<string, { title: string; url: string | null; count: number }>();
  for (const c of cited) {
    const key = `${c.title}\u0000${c.url ?? ''}`;
    const seen = bySource.get(key);
    if (seen) seen.count += c.count;
    else bySource.set(key, { title: c.title, url: c.url, count: c.count });
  }
  return [...bySource.values()]
    .sort((a, b) => b.count - a.count || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0))
    .slice(0, TOP);
}

/**
 * /chatbot-analytics for one bot or all of the account's bots summed, over local days in the
 * owner's time zone. Every number is counted from stored chats; none is estimated.
 */
export async function analyticsSummary(
  db: Kysely<DB>,
  req: SummaryRequest,
): Promise<AnalyticsSummary> {
  const range = resolveRange(req);
  const { ids } = await botsInScope(db, req.userId, req.botId);
  if (ids.length === 0) return emptySummary(range);
  // Turns stored within the last second may still be queued for the rollups read below.
  await flushRollups(db);
  const span = await rollupSpan(db, range);
  const [days, origins, bins, wordings, [sources, uncited]] = await Promise.all([
    dayCounts(db, ids, range, span),
    originCounts(db, ids, span),
    latencyBins(db, ids, span),
    askedWordings(db, ids, span, WORDINGS),
    citedSources(db, ids, span).then(
      async (cited) =>
        [topSources(cited), await uncitedDocuments(db, ids, cited, UNCITED_MAX)] as const,
    ),
  ]);
  const perDay = new Map<string, DayCount>(
    daysOf(range).map((date) => [date, { date, conversations: 0, messages: 0, unanswered: 0 }]),
  );
  for (const d of days) {
    const entry = perDay.get(d.day);
    if (entry) {
      Object.assign(entry, {
        conversations: d.conversations,
        messages: d.messages,
        unanswered: d.unanswered,
      });
    }
  }
  const total = (key: Exclude<keyof DayCounts, 'day'>) => days.reduce((n, d) => n + d[key], 0);
  return {
    ...range,
    conversations: total('conversations'),
    messages: total('messages'),
    unanswered: total('unanswered'),
    thumbs_up: total('thumbs_up'),
    thumbs_down: total('thumbs_down'),
    resolutions: total('resolved'),
    latency_ms: latencyPercentiles(bins),
    per_day: [...perDay.values()],
    channels: countBy(origins, 'channel').map(([channel, conversations]) => ({
      channel,
      conversations,
    })),
    countries: countBy(origins, 'country').map(([country, conversations]) => ({
      country,
      conversations,
    })),
    top_questions: groupQuestions(wordings)
      .slice(0, TOP)
      .map((g) => ({ question: g.question, count: g.count })),
    top_sources: sources,
    uncited_sources: uncited,
  };
}

function emptySummary(range: DayRange): AnalyticsSummary {
  return {
    ...range,
    conversations: 0,
    messages: 0,
    unanswered: 0,
    thumbs_up: 0,
    thumbs_down: 0,
    resolutions: 0,
    latency_ms: { median: null, p95: null },
    per_day: daysOf(range).map((date) => ({ date, conversations: 0, messages: 0, unanswered: 0 })),
    channels: [],
    countries: [],
    top_questions: [],
    top_sources: [],
    uncited_sources: [],
  };
}
