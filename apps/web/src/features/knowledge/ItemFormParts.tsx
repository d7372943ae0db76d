import { ArrowRight, Pencil } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { indexFromState } from './item-list.ts';

/** The item a form edits: the list index passed in navigation state, when it is in range. */
export function useEditedItem<T>(items: readonly T[]): { index?: number; editing?: T } {
  const requested = indexFromState(useLocation().state);
  const index = requested !== undefined && requested < items.length ? requested : undefined;
  return index === undefined ? {} : { index, editing: items[index] };
}

/** "Editing text 2" above a form that changes an existing item. */
export function EditingBadge({ what, index }: { what: string; index: number }) {
  return (
    <p className="kb-editing badge">
      <Pencil size={12} aria-hidden="true" /> Editing {what} {index + 1}
    </p>
  );
}

/** Footer linking to the list when other items are still waiting to be trained. */
export function PendingNotice({
  count,
  one,
  many,
  to,
}: {
  count: number;
  one: string;
  many: string;
  to: string;
}) {
  if (count <= 0) return null;
  return (
    <div className="kb-pending">
      <span>
        {count} {count === 1 ? one : many} waiting to be trained
      </span>
      <Link to={to}>
        Review list <ArrowRight size={14} aria-hidden="true" />
      </Link>
    </div>
  );
}
