import type { TrainedItem } from '@docent/shared';
import { Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { TableScroll } from '../../components/TableScroll.tsx';

/** The trained items of one family, with a filter once the list is long; rows can be deleted. */
export function TrainedItemsTable({
  items,
  onDelete,
}: {
  items: TrainedItem[];
  onDelete: (item: TrainedItem) => void;
}) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? items.filter((i) => `${i.title}\n${i.content}`.toLowerCase().includes(needle))
    : items;
  return (
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
      <TableScroll label="Trained items">
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
              <TrainedItemRow key={`${item.title}-${i}`} item={item} onDelete={onDelete} />
            ))}
          </tbody>
        </table>
        {shown.length === 0 && <p className="kb-table-none">No trained item matches “{filter}”.</p>}
      </TableScroll>
    </>
  );
}

function TrainedItemRow({
  item,
  onDelete,
}: {
  item: TrainedItem;
  onDelete: (item: TrainedItem) => void;
}) {
  return (
    <tr>
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
          onClick={() => onDelete(item)}
        >
          <Trash2 size={17} />
        </button>
      </td>
    </tr>
  );
}
