import type { TrainedItem } from '@docent/shared';
import { useQuery } from '@tanstack/react-query';
import { Database, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { NoBotSelected } from '../../components/NoBotSelected.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { TRAINED_TABS, type TrainedTab } from './flows.ts';
import { RouteTabs } from './KnowledgeFrame.tsx';
import { fetchTrainedItems } from './knowledge.api.ts';
import { RemoveItemDialog } from './RemoveItemDialog.tsx';
import { TrainedItemsTable } from './TrainedItemsTable.tsx';
import './knowledge.css';
import './trained-items.css';

const ADD_PATHS: Record<number, { to: string; label: string }> = {
  1: { to: '/datasource/crawl', label: 'Add website' },
  2: { to: '/datasource/question', label: 'Add Q&A' },
  4: { to: '/datasource/youtube', label: 'Add video' },
};

/** /datasource/*-model: what the stored bot has been trained on, per source family. */
export function TrainedItems({ tab }: { tab: TrainedTab }) {
  const session = useSession();
  const botId = session.bot_id;
  const [pending, setPending] = useState<TrainedItem | null>(null);

  const key = ['trained-items', botId, tab.sourceType] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchTrainedItems(tab.sourceType, botId ?? ''),
    enabled: Boolean(botId),
    staleTime: 0,
  });

  if (!botId) {
    return (
      <ChatbotSideMenu>
        <NoBotSelected />
      </ChatbotSideMenu>
    );
  }
  // docs/spec.md §2: an empty list sends the user to add content of that family.
  if (query.isSuccess && query.data.length === 0)
    return <Navigate to={tab.emptyRedirect} replace />;

  const add = ADD_PATHS[tab.sourceType];

  return (
    <ChatbotSideMenu addNewPath="/datasource/text">
      <div className="page">
        <div className="kb-panel__head">
          <RouteTabs
            label="Data source families"
            current={tab.path}
            tabs={TRAINED_TABS.map((t) => ({ label: t.label, to: t.path }))}
          />
          {add && (
            <Link className="btn btn--secondary btn--md" to={add.to}>
              <Plus size={16} aria-hidden="true" /> {add.label}
            </Link>
          )}
        </div>
        <section
          className="card card--flush kb-table-card"
          aria-label={`Trained items: ${tab.label}`}
        >
          {query.isPending ? (
            <div className="card__loading">
              <Spinner size={28} label="Loading trained items" />
            </div>
          ) : query.isError ? (
            <LoadFailed error={query.error} onRetry={() => query.refetch()} />
          ) : (
            <TrainedItemsTable items={query.data} onDelete={setPending} />
          )}
        </section>
        {query.isFetching && !query.isPending && (
          <p className="field__hint" role="status">
            Refreshing…
          </p>
        )}
      </div>
      <RemoveItemDialog
        botId={botId}
        item={pending}
        listKey={key}
        onClose={() => setPending(null)}
      />
    </ChatbotSideMenu>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="kb-empty">
      <span className="kb-empty__icon" aria-hidden="true">
        <Database size={24} />
      </span>
      <p className="kb-empty__title">The trained items could not be loaded</p>
      <p>{errorMessage(error)}</p>
      <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
