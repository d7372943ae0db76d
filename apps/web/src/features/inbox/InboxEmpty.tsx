import { Inbox, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { type InboxFilters, isFiltered } from './filters.ts';

/** Nothing to list: either no conversation yet, or none matching the filters. */
export function InboxEmpty({ filters, onClear }: { filters: InboxFilters; onClear: () => void }) {
  if (isFiltered(filters)) {
    return (
      <div className="kb-empty inbox-empty" data-testid="inbox-empty">
        <span className="kb-empty__icon" aria-hidden="true">
          <SearchX size={24} />
        </span>
        <p className="kb-empty__title">No conversations match these filters</p>
        <p>Try another date range, or clear the search and filters.</p>
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      </div>
    );
  }
  return (
    <div className="kb-empty inbox-empty" data-testid="inbox-empty">
      <span className="kb-empty__icon" aria-hidden="true">
        <Inbox size={24} />
      </span>
      <p className="kb-empty__title">No conversations yet</p>
      <p>
        Conversations appear here as soon as visitors chat with your bot on your website, on its
        full-page chat, or when you try it yourself.
      </p>
      <div className="inbox__state-actions">
        <Link className="btn btn--primary btn--sm" to="/chat">
          Try your chatbot
        </Link>
        <Link className="btn btn--secondary btn--sm" to="/status">
          Embed on your site
        </Link>
      </div>
    </div>
  );
}
