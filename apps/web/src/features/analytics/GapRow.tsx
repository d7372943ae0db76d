import type { KnowledgeGap } from '@docent/shared';
import { MessageSquarePlus } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { formatCount, formatInstant } from './format.ts';

const times = (n: number) => (n === 1 ? 'once' : `${formatCount(n)} times`);

/** One open gap: its question, how often and when it was last asked, and what to do. */
export function GapRow({
  gap,
  botName,
  busy,
  onAnswer,
  onDismiss,
}: {
  gap: KnowledgeGap;
  /** Shown when the list covers several bots. */
  botName?: string | undefined;
  busy: boolean;
  onAnswer: () => void;
  onDismiss: () => void;
}) {
  const reasons = [
    gap.unanswered > 0 && `${formatCount(gap.unanswered)} unanswered`,
    gap.thumbs_down > 0 && `${formatCount(gap.thumbs_down)} thumbs-down`,
  ].filter(Boolean);
  return (
    <li className="gap" data-testid="gap">
      <div className="gap__main">
        <p className="gap__question">{gap.question}</p>
        {gap.variants.length > 0 && (
          <p className="gap__variants">
            Also asked as: {gap.variants.slice(0, 3).join(' · ')}
            {gap.variants.length > 3 && ` and ${gap.variants.length - 3} more`}
          </p>
        )}
        <p className="gap__meta">
          <span className="gap__count">Asked {times(gap.count)}</span>
          <span>
            Last asked <time dateTime={gap.last_asked}>{formatInstant(gap.last_asked)}</time>
          </span>
          {reasons.length > 0 && <span>{reasons.join(', ')}</span>}
          {botName && <span className="gap__bot">{botName}</span>}
        </p>
      </div>
      <div className="gap__actions">
        <Button size="sm" onClick={onAnswer} aria-label={`Add answer: ${gap.question}`}>
          <MessageSquarePlus size={16} aria-hidden="true" /> Add answer
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onDismiss}
          loading={busy}
          aria-label={`Dismiss: ${gap.question}`}
        >
          Dismiss
        </Button>
      </div>
    </li>
  );
}
