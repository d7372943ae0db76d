import type { AnalyticsSummary, BotListItem } from '@docent/shared';
import { RESOLUTION_DEFINITION } from '@docent/shared';
import { Breakdowns } from './Breakdowns.tsx';
import { DailyChart } from './DailyChart.tsx';
import { DailyTable } from './DailyTable.tsx';
import { EmptyAnalytics } from './EmptyAnalytics.tsx';
import { SummaryCards } from './SummaryCards.tsx';

/** How every figure on the page is counted, in the page's own words. */
export function CountingHelp() {
  return (
    <details className="an-help">
      <summary>How these numbers are counted</summary>
      <ul>
        <li>
          <strong>Messages</strong> are the questions visitors asked; a question is{' '}
          <strong>unanswered</strong> when the bot found nothing relevant in your content and said
          so.
        </li>
        <li>
          <strong>Resolutions:</strong> {RESOLUTION_DEFINITION}
        </li>
        <li>
          <strong>Answer time</strong> runs from the question's arrival to the stored answer; the
          95th percentile is the time 95 of 100 answers beat.
        </li>
        <li>
          Days are counted in your browser's time zone. Conversations from the dashboard preview,
          the website widget and the full-page chat are all included.
        </li>
      </ul>
    </details>
  );
}

/** The figures of one range: totals, the per-day chart with its table, and the breakdowns. */
export function AnalyticsOverview({
  summary,
  bots,
  busy,
  onWiden,
}: {
  summary: AnalyticsSummary;
  /** The bots in scope, for the empty state. */
  bots: BotListItem[];
  busy: boolean;
  onWiden?: (() => void) | undefined;
}) {
  if (summary.conversations === 0) {
    const neverTalked = bots.every((b) => Number(b.conversations) === 0);
    return <EmptyAnalytics bots={bots} neverTalked={neverTalked} onWiden={onWiden} />;
  }
  return (
    <div className="an-overview" aria-busy={busy || undefined}>
      <SummaryCards summary={summary} />
      <section className="panel an-panel" aria-label="Activity per day">
        <div className="an-panel__head">
          <h2 className="panel__title">Conversations and messages per day</h2>
          <p className="an-panel__subtitle">
            Bars: conversations started. Lines: messages and unanswered questions.
          </p>
        </div>
        <DailyChart days={summary.per_day} />
        <DailyTable days={summary.per_day} />
      </section>
      <Breakdowns s={summary} />
    </div>
  );
}
