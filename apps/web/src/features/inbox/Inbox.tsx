import { Download, Inbox as InboxIcon, RotateCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { ConversationDetail } from './ConversationDetail.tsx';
import { ConversationRows } from './ConversationRows.tsx';
import {
  apiQuery,
  browserTimeZone,
  type InboxFilters,
  readFilters,
  todayIn,
  writeFilters,
} from './filters.ts';
import { InboxEmpty } from './InboxEmpty.tsx';
import { InboxFilterBar } from './InboxFilterBar.tsx';
import { downloadInboxCsv } from './inbox.api.ts';
import { useInboxConversation, useInboxPage } from './use-inbox.ts';
import './inbox.css';

/**
 * The bot's inbox: every conversation across channels, newest first, filtered and searched,
 * one page at a time; `?c=<id>` opens one. All of it lives in the URL.
 */
export function Inbox({ botId }: { botId: string }) {
  const [params, setParams] = useSearchParams();
  const tz = useMemo(browserTimeZone, []);
  const today = todayIn(tz);
  const filters = readFilters(params, today);
  const open = params.get('c');
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const query = apiQuery(filters, botId, tz, today);

  // Synchronously, not in the router's default transition: a controlled checkbox or select
  // would otherwise show its old value until React got round to the new URL (a click on
  // "Unanswered only" seemed not to take). The list itself keeps its rows while it reloads.
  const setNow = (next: URLSearchParams) => setParams(next, { flushSync: true });
  const update = (next: Partial<InboxFilters>) =>
    setNow(writeFilters({ ...filters, page: 1, ...next }));
  const hrefOf = (id: string) => `?${writeFilters(filters, id)}`;
  const backTo = `?${writeFilters(filters)}`;

  if (open) {
    if (lastOpened !== open) setLastOpened(open);
    return <OpenConversation id={open} backTo={backTo} />;
  }
  return (
    <section className="panel inbox" aria-labelledby="inbox-title">
      <div className="inbox__head">
        <div>
          <h2 id="inbox-title" className="kb-panel__title">
            Inbox
          </h2>
          <p className="kb-panel__subtitle">
            Every conversation with this chatbot: widget, full-page chat and your previews.
          </p>
        </div>
        <ExportButton query={query} />
      </div>
      <InboxFilterBar filters={filters} onChange={update} />
      <InboxList
        query={query}
        filters={filters}
        hrefOf={hrefOf}
        lastOpened={lastOpened}
        onPage={(page) => update({ page })}
        onClear={() => setNow(new URLSearchParams())}
      />
    </section>
  );
}

function InboxList({
  query,
  filters,
  hrefOf,
  lastOpened,
  onPage,
  onClear,
}: {
  query: Record<string, string | undefined>;
  filters: InboxFilters;
  hrefOf: (id: string) => string;
  lastOpened: string | null;
  onPage: (page: number) => void;
  onClear: () => void;
}) {
  const list = useInboxPage(query);
  if (list.isPending) {
    return (
      <div className="inbox__state">
        <Spinner size={28} label="Loading conversations" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <LoadError
        title="Could not load the conversations"
        error={list.error}
        onRetry={() => list.refetch()}
      />
    );
  }
  if (list.data.items.length === 0) {
    return <InboxEmpty filters={filters} onClear={onClear} />;
  }
  return (
    <div className="inbox__results" aria-busy={list.isPlaceholderData || undefined}>
      <ConversationRows data={list.data} hrefOf={hrefOf} onPage={onPage} lastOpened={lastOpened} />
    </div>
  );
}

function OpenConversation({ id, backTo }: { id: string; backTo: string }) {
  const detail = useInboxConversation(id);
  return (
    <section className="panel inbox" aria-label="Conversation">
      {detail.isPending ? (
        <div className="inbox__state">
          <Spinner size={28} label="Loading conversation" />
        </div>
      ) : detail.isError ? (
        <LoadError
          title="Could not load this conversation"
          error={detail.error}
          onRetry={() => detail.refetch()}
          backTo={backTo}
        />
      ) : (
        <ConversationDetail detail={detail.data} backTo={backTo} />
      )}
    </section>
  );
}

function LoadError({
  title,
  error,
  onRetry,
  backTo,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  backTo?: string;
}) {
  return (
    <div className="inbox__state inbox__state--error" role="alert">
      <p className="kb-empty__title">{title}</p>
      <p>{errorMessage(error)}</p>
      <div className="inbox__state-actions">
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RotateCw size={15} aria-hidden="true" /> Try again
        </Button>
        {backTo !== undefined && (
          <Link className="btn btn--ghost btn--sm" to={backTo}>
            <InboxIcon size={15} aria-hidden="true" /> All conversations
          </Link>
        )}
      </div>
    </div>
  );
}

function ExportButton({ query }: { query: Record<string, string | undefined> }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadInboxCsv(query, `conversations-${query.from}-to-${query.to}.csv`);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={run} loading={busy}>
      {!busy && <Download size={16} aria-hidden="true" />} Export CSV
    </Button>
  );
}
