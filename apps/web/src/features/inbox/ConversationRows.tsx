import type { InboxPage } from '@docent/shared';
import { ChevronLeft, ChevronRight, MessagesSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { fullDate, timeAgo } from '../../lib/time.ts';
import { ConversationBadges } from './ConversationBadges.tsx';

interface Props {
  data: InboxPage;
  /** The link of a conversation (the list's filters kept in it). */
  hrefOf: (conversationId: string) => string;
  onPage: (page: number) => void;
  /** The conversation last opened: its row is focused on coming back. */
  lastOpened: string | null;
}

/** One page of conversations, newest first, and the pager below it. */
export function ConversationRows({ data, hrefOf, onPage, lastOpened }: Props) {
  const first = (data.page - 1) * data.page_size + 1;
  const last = Math.min(data.total, first + data.items.length - 1);
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  // A search stops counting at a cap: the count and the page count are lower bounds.
  const more = data.total_capped ? '+' : '';
  const list = useRef<HTMLUListElement>(null);
  // Coming back from a conversation, keyboard users land on the row they opened.
  const focusOnMount = useRef(lastOpened);
  useEffect(() => {
    const id = focusOnMount.current;
    if (id) list.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"]`)?.focus();
  }, []);
  return (
    <>
      <ul className="inbox-list" data-testid="inbox-list" ref={list}>
        {data.items.map((c) => (
          <li key={c.conversation_id}>
            <Link
              to={hrefOf(c.conversation_id)}
              className="inbox-row"
              data-testid="inbox-row"
              data-id={c.conversation_id}
            >
              <span className="inbox-row__icon" aria-hidden="true">
                <MessagesSquare size={18} />
              </span>
              <span className="inbox-row__main">
                <span className="inbox-row__title">{c.title || 'Untitled conversation'}</span>
                <ConversationBadges c={c} />
              </span>
              <span className="inbox-row__meta">
                <time dateTime={c.updated_at} title={fullDate(c.updated_at)}>
                  {timeAgo(c.updated_at)}
                </time>
                <span>
                  {c.turn_count} {c.turn_count === 1 ? 'message' : 'messages'}
                </span>
              </span>
              <ChevronRight size={18} className="inbox-row__chevron" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <nav className="inbox-pager" aria-label="Pages">
        <p className="inbox-pager__count" aria-live="polite">
          {`${first.toLocaleString()}–${last.toLocaleString()} of ${data.total.toLocaleString()}${more}`}
        </p>
        <div className="inbox-pager__buttons">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={data.page <= 1}
            onClick={() => onPage(data.page - 1)}
          >
            <ChevronLeft size={16} aria-hidden="true" /> Previous
          </button>
          <span className="inbox-pager__page">{`Page ${data.page} of ${pages.toLocaleString()}${more}`}</span>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={data.page >= pages && !data.total_capped}
            onClick={() => onPage(data.page + 1)}
          >
            Next <ChevronRight size={16} aria-hidden="true" />
          </button>
        </div>
      </nav>
    </>
  );
}
