import type { AnalyticsSummary } from '@docent/shared';
import {
  CheckCircle2,
  Clock,
  type LucideIcon,
  MessageCircle,
  MessagesSquare,
  SearchX,
  ThumbsUp,
} from 'lucide-react';
import { formatCount, formatLatency, formatShare } from './format.ts';

interface Tile {
  label: string;
  value: string;
  detail: string;
  icon: LucideIcon;
}

/** The range's headline figures, each with the count or percentile it rests on. */
export function summaryTiles(s: AnalyticsSummary): Tile[] {
  const answered = s.messages - s.unanswered;
  const votes = s.thumbs_up + s.thumbs_down;
  return [
    {
      label: 'Conversations',
      value: formatCount(s.conversations),
      detail: `${formatCount(s.messages)} messages`,
      icon: MessagesSquare,
    },
    {
      label: 'Answered',
      value: formatShare(answered, s.messages),
      detail: `${formatCount(answered)} of ${formatCount(s.messages)} questions`,
      icon: MessageCircle,
    },
    {
      label: 'Unanswered',
      value: formatCount(s.unanswered),
      detail: `${formatShare(s.unanswered, s.messages)} of questions`,
      icon: SearchX,
    },
    {
      label: 'Resolutions',
      value: formatCount(s.resolutions),
      detail: `${formatShare(s.resolutions, s.conversations)} of conversations`,
      icon: CheckCircle2,
    },
    {
      label: 'Thumbs up',
      value: formatShare(s.thumbs_up, votes),
      detail: `${formatCount(s.thumbs_up)} up · ${formatCount(s.thumbs_down)} down`,
      icon: ThumbsUp,
    },
    {
      label: 'Median answer time',
      value: formatLatency(s.latency_ms.median),
      detail: `95th percentile ${formatLatency(s.latency_ms.p95)}`,
      icon: Clock,
    },
  ];
}

export function SummaryCards({ summary, busy }: { summary: AnalyticsSummary; busy?: boolean }) {
  return (
    <ul className="an-stats" aria-busy={busy || undefined} data-testid="analytics-totals">
      {summaryTiles(summary).map(({ label, value, detail, icon: Icon }) => (
        <li key={label} className="an-stat">
          <span className="an-stat__icon" aria-hidden="true">
            <Icon size={19} />
          </span>
          <span className="an-stat__label">{label}</span>
          <span className="an-stat__value">{value}</span>
          <span className="an-stat__detail">{detail}</span>
        </li>
      ))}
    </ul>
  );
}
