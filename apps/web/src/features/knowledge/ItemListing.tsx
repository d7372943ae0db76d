import { type LucideIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ContentItem } from '../../app/app-state.tsx';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/Field.tsx';
import { itemsCharCount } from './item-list.ts';

interface Props {
  heading: string;
  subtitle: string;
  items: readonly ContentItem[];
  icon: LucideIcon;
  /** How an item's title reads in the list. */
  titleOf?: (item: ContentItem) => string;
  itemNoun: string;
  empty: ReactNode;
  error: string;
  busy: boolean;
  onAdd: () => void;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
  onCancel: () => void;
  onTrain: () => void;
}

/** The list of texts or Q&A pairs waiting to be trained, with its footer (spec §2). */
export function ItemListing({
  heading,
  subtitle,
  items,
  icon: Icon,
  titleOf = (item) => item.title,
  itemNoun,
  empty,
  error,
  busy,
  onAdd,
  onEdit,
  onRemove,
  onCancel,
  onTrain,
}: Props) {
  return (
    <section className="panel kb-panel" aria-labelledby="kb-listing-title">
      <div className="kb-panel__head">
        <div>
          <h2 className="kb-panel__title" id="kb-listing-title">
            {heading}
          </h2>
          <p className="kb-panel__subtitle">{subtitle}</p>
        </div>
        <Button variant="secondary" onClick={onAdd}>
          <Plus size={16} aria-hidden="true" /> Add New
        </Button>
      </div>

      {items.length === 0 ? (
        <div className="kb-empty">
          <span className="kb-empty__icon" aria-hidden="true">
            <Icon size={24} />
          </span>
          {empty}
        </div>
      ) : (
        <ul className="kb-items" aria-label={heading}>
          {items.map((item, index) => {
            const title = titleOf(item);
            return (
              // Items have no id of their own; the list is addressed by index (spec §3).
              // biome-ignore lint/suspicious/noArrayIndexKey: index is the item's identity here
              <li key={index} className="kb-item">
                <span className="kb-item__icon" aria-hidden="true">
                  <Icon size={18} />
                </span>
                <div>
                  <h3 className="kb-item__title">{title}</h3>
                  <p className="kb-item__content">{item.content}</p>
                  <p className="kb-item__meta">
                    {item.title.length + item.content.length} characters
                  </p>
                </div>
                <div className="kb-item__actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Edit ${itemNoun} ${title}`}
                    title="Edit"
                    onClick={() => onEdit(index)}
                  >
                    <Pencil size={17} />
                  </button>
                  <button
                    type="button"
                    className="icon-button icon-button--danger"
                    aria-label={`Delete ${itemNoun} ${title}`}
                    title="Delete"
                    onClick={() => onRemove(index)}
                  >
                    <Trash2 size={17} />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <FormError message={error} />

      <footer className="kb-footer">
        <p className="kb-count" data-testid="char-count">
          Characters <strong>{itemsCharCount(items)}</strong>
        </p>
        <div className="kb-footer__actions">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onTrain} loading={busy}>
            Train Contents
          </Button>
        </div>
      </footer>
    </section>
  );
}
