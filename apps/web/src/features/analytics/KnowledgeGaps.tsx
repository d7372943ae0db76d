import type { BotListItem, KnowledgeGap } from '@docent/shared';
import { Download, Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { AnswerGapDialog } from './AnswerGapDialog.tsx';
import { scopeQuery, useDismissGap, useKnowledgeGaps } from './analytics.api.ts';
import { downloadCsv } from './download.ts';
import { GapRow } from './GapRow.tsx';
import { LoadError } from './LoadError.tsx';

/** Gaps shown at first and added by each "Show more". */
const PAGE = 20;

/**
 * Questions the bot could not answer or whose answer got a thumbs-down, near-duplicates
 * grouped: answer one (it is trained as Q&A and leaves the list) or dismiss it.
 */
export function KnowledgeGaps({ botId, bots }: { botId: string; bots: BotListItem[] }) {
  const gaps = useKnowledgeGaps(botId);
  const dismiss = useDismissGap();
  const [answering, setAnswering] = useState<KnowledgeGap | undefined>();
  const [shown, setShown] = useState(PAGE);
  const names = new Map(bots.map((b) => [b.bot_id, b.bot_name]));
  const onDismiss = (gap: KnowledgeGap) =>
    dismiss.mutate(
      { bot_id: gap.bot_id, gap_id: gap.gap_id },
      {
        onSuccess: (reply) => toast.success(reply.message),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  const exportGaps = () =>
    downloadCsv(`analytics/gaps/export?${scopeQuery({ botId })}`, 'knowledge-gaps.csv').catch(
      (err) => toast.error(errorMessage(err)),
    );

  return (
    <section className="panel an-panel" aria-labelledby="gaps-title" data-testid="knowledge-gaps">
      <div className="an-panel__head an-panel__head--tools">
        <div>
          <h2 className="panel__title" id="gaps-title">
            Knowledge gaps
          </h2>
          <p className="an-panel__subtitle">
            Questions your chatbot could not answer, or whose answer got a thumbs-down, with similar
            wordings grouped. Add an answer to teach it, or dismiss what needs none.
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={exportGaps} disabled={!gaps.data?.length}>
          <Download size={16} aria-hidden="true" /> Export CSV
        </Button>
      </div>
      {gaps.isPending ? (
        <div className="card__loading">
          <Spinner size={28} label="Loading knowledge gaps" />
        </div>
      ) : gaps.isError ? (
        <LoadError what="the knowledge gaps" error={gaps.error} onRetry={() => gaps.refetch()} />
      ) : gaps.data.length === 0 ? (
        <div className="kb-empty">
          <span className="kb-empty__icon" aria-hidden="true">
            <Lightbulb size={22} />
          </span>
          <p className="kb-empty__title">No open knowledge gaps</p>
          <p>
            When a visitor asks something your content does not cover, or gives an answer a
            thumbs-down, the question shows up here.
          </p>
        </div>
      ) : (
        <ul className="gaps">
          {gaps.data.slice(0, shown).map((gap) => (
            <GapRow
              key={`${gap.bot_id}/${gap.gap_id}`}
              gap={gap}
              botName={botId ? undefined : names.get(gap.bot_id)}
              busy={dismiss.isPending && dismiss.variables?.gap_id === gap.gap_id}
              onAnswer={() => setAnswering(gap)}
              onDismiss={() => onDismiss(gap)}
            />
          ))}
        </ul>
      )}
      {gaps.data && gaps.data.length > shown && (
        <div className="gaps__more">
          <span>
            Showing {shown} of {gaps.data.length}
          </span>
          <Button variant="secondary" size="sm" onClick={() => setShown((n) => n + PAGE)}>
            Show more
          </Button>
        </div>
      )}
      {answering && <AnswerGapDialog gap={answering} onClose={() => setAnswering(undefined)} />}
    </section>
  );
}
