import type { AnalyticsSummary } from '@docent/shared';
import { channelLabel, countryName, formatLatency } from './format.ts';
import { RankedList } from './RankedList.tsx';
import { SourceLabel } from './SourceLabel.tsx';
import { SplitBar } from './SplitBar.tsx';

/** Answered vs unanswered questions, thumbs up vs down, and answer times. */
function AnswerQuality({ s }: { s: AnalyticsSummary }) {
  return (
    <section className="panel an-panel" aria-label="Answer quality">
      <h2 className="panel__title">Answer quality</h2>
      <SplitBar
        title="Questions"
        none="No questions in this range."
        parts={[
          { label: 'Answered', count: s.messages - s.unanswered, tone: 'good' },
          { label: 'Unanswered', count: s.unanswered, tone: 'bad' },
        ]}
      />
      <SplitBar
        title="Visitor feedback"
        none="No thumbs up or down in this range."
        parts={[
          { label: 'Thumbs up', count: s.thumbs_up, tone: 'good' },
          { label: 'Thumbs down', count: s.thumbs_down, tone: 'bad' },
        ]}
      />
      <dl className="an-latency">
        <div>
          <dt>Median answer time</dt>
          <dd>{formatLatency(s.latency_ms.median)}</dd>
        </div>
        <div>
          <dt>95th percentile</dt>
          <dd>{formatLatency(s.latency_ms.p95)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Everything under the chart: quality, channels, countries, questions and sources. */
export function Breakdowns({ s }: { s: AnalyticsSummary }) {
  return (
    <div className="an-grid">
      <AnswerQuality s={s} />
      <RankedList
        title="Channels"
        subtitle="Where conversations started."
        unit="conversations"
        empty="No conversations in this range."
        items={s.channels.map((c) => ({
          key: c.channel,
          label: channelLabel(c.channel),
          count: c.conversations,
        }))}
      />
      <RankedList
        title="Top questions"
        subtitle="Near-duplicate wordings are counted together."
        unit="times asked"
        empty="No questions in this range."
        items={s.top_questions.map((q) => ({ key: q.question, label: q.question, count: q.count }))}
      />
      <RankedList
        title="Countries"
        subtitle="From the visitor's address; unknown addresses are left out."
        unit="conversations"
        empty="No visitor country is known in this range."
        items={s.countries.map((c) => ({
          key: c.country,
          label: countryName(c.country),
          count: c.conversations,
        }))}
      />
      <RankedList
        title="Most cited sources"
        subtitle="Documents the answers quoted most."
        unit="citations"
        empty="No answer cited a source in this range."
        items={s.top_sources.map((src) => ({
          key: `${src.title}\u0000${src.url ?? ''}`,
          label: <SourceLabel title={src.title} url={src.url} />,
          count: src.count,
        }))}
      />
      <UncitedSources s={s} />
    </div>
  );
}

/** Trained documents no answer in the range cited: candidates to check or remove. */
function UncitedSources({ s }: { s: AnalyticsSummary }) {
  const list = s.uncited_sources;
  return (
    <section className="panel an-panel" aria-label="Sources never cited">
      <h2 className="panel__title">Sources never cited</h2>
      <p className="an-panel__subtitle">
        Trained documents no answer in this range quoted{list.length >= 50 ? ' (first 50)' : ''}.
      </p>
      {list.length === 0 ? (
        <p className="an-none">No trained document went uncited in this range.</p>
      ) : (
        <ul className="an-uncited">
          {list.map((src) => (
            <li key={`${src.title}\u0000${src.url ?? ''}`}>
              <SourceLabel title={src.title} url={src.url} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
