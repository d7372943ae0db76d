import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Database, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { useSession } from '../../app/session.ts';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { BOT_LIST_KEY } from '../bots/bots.api.ts';
import { TRAINED_TABS, type TrainedTab } from './flows.ts';
import { RouteTabs } from './KnowledgeFrame.tsx';
import { fetchTrainedItems, removeTrainedItem, type TrainedItem } from './knowledge.api.ts';
import { NoBotSelected } from './NoBotSelected.tsx';
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
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TrainedItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [filter, setFilter] = useState('');

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
  // Spec §2: an empty list sends the user to add content of that family.
  if (query.isSuccess && query.data.length === 0)
    return <Navigate to={tab.emptyRedirect} replace />;

  const onDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    try {
      const reply = await removeTrainedItem(botId, pending.title);
      if (reply.hasError) toast.error(reply.message);
      else if (reply.message) toast.success(reply.message);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setDeleting(false);
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
    }
  };

  const add = ADD_PATHS[tab.sourceType];
  const items = query.data ?? [];
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? items.filter((i) => `${i.title}\n${i.content}`.toLowerCase().includes(needle))
    : items;

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
            <div className="kb-empty">
              <span className="kb-empty__icon" aria-hidden="true">
                <Database size={24} />
              </span>
              <p className="kb-empty__title">The trained items could not be loaded</p>
              <p>{errorMessage(query.error)}</p>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => query.refetch()}
              >
                Try again
              </button>
            </div>
          ) : (
            <>
              <div className="kb-table-toolbar">
                <p className="kb-table-toolbar__count">
                  {needle ? `${shown.length} of ${items.length}` : items.length}{' '}
                  {items.length === 1 ? 'trained item' : 'trained items'}
                </p>
                {items.length > 8 && (
                  <label className="kb-search">
                    <Search size={16} aria-hidden="true" />
                    <input
                      type="search"
                      className="input"
                      placeholder="Filter items"
                      aria-label="Filter trained items"
                      value={filter}
                      onChange={(e) => setFilter(e.target.value)}
                    />
                  </label>
                )}
              </div>
              <div className="table-wrap">
                <table className="table kb-table">
                  <thead>
                    <tr>
                      <th scope="col">Trained items</th>
                      <th scope="col">File</th>
                      <th scope="col">Status</th>
                      <th scope="col">
                        <span className="sr-only">Delete</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((item, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat across types
                      <tr key={`${item.title}-${i}`}>
                        <td className="kb-table__item">
                          <p className="kb-table__title">{item.title}</p>
                          <p className="kb-table__content">{item.content}</p>
                        </td>
                        <td className="kb-table__meta">
                          <span className="kb-type">{item.type}</span>
                        </td>
                        <td className="kb-table__meta">
                          <span className="kb-status">Trained</span>
                        </td>
                        <td className="kb-table__actions">
                          <button
                            type="button"
                            className="icon-button icon-button--danger"
                            aria-label={`Delete ${item.title}`}
                            title="Delete"
                            onClick={() => setPending(item)}
                          >
                            <Trash2 size={17} />
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {shown.length === 0 && (
                  <p className="kb-table-none">No trained item matches “{filter}”.</p>
                )}
              </div>
            </>
          )}
        </section>
        {query.isFetching && !query.isPending && (
          <p className="field__hint" role="status">
            Refreshing…
          </p>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && !deleting && setPending(null)}
        title="Delete trained item?"
        description={
          pending ? `“${pending.title}” will be removed from what your chatbot knows.` : undefined
        }
        confirmLabel="Delete"
        danger
        busy={deleting}
        onConfirm={onDelete}
      />
    </ChatbotSideMenu>
  );
}
