import { type LucideIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormError } from '../../components/Field.tsx';
import { CharacterCount, PanelFooter } from '../../components/PanelFooter.tsx';
import type { ContentItem } from './drafts.ts';
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
  /** Leaves the listing; with items, only once the owner agreed to discard them (onDiscard). */
  onCancel: () => void;
  onDiscard: () => void;
  onTrain: () => void;
}

/** The list of texts or Q&A pairs waiting to be trained, with its footer (docs/spec.md §2). */
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
  onDiscard,
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
          {items.map((item, index) => (
            <ItemRow
              // Items have no id of their own; the list is addressed by index (docs/spec.md §3).
              // biome-ignore lint/suspicious/noArrayIndexKey: index is the item's identity here
              key={index}
              item={item}
              title={titleOf(item)}
              icon={Icon}
              itemNoun={itemNoun}
              onEdit={() => onEdit(index)}
              onRemove={() => onRemove(index)}
            />
          ))}
        </ul>
      )}

      <FormError message={error} />

      <ListingFooter
        items={items}
        itemNoun={itemNoun}
        busy={busy}
        onCancel={onCancel}
        onDiscard={onDiscard}
        onTrain={onTrain}
      />
    </section>
  );
}

/** Character count, Cancel (which asks before discarding untrained items) and Train Contents. */
function ListingFooter({
  items,
  itemNoun,
  busy,
  onCancel,
  onDiscard,
  onTrain,
}: Pick<Props, 'items' | 'itemNoun' | 'busy' | 'onCancel' | 'onDiscard' | 'onTrain'>) {
  const [confirming, setConfirming] = useState(false);
  const count = `${items.length} ${itemNoun}${items.length === 1 ? '' : 's'}`;
  return (
    <>
      <PanelFooter count={<CharacterCount value={itemsCharCount(items)} />}>
        <Button
          variant="secondary"
          onClick={() => (items.length === 0 ? onCancel() : setConfirming(true))}
          disabled={busy}
        >
          Cancel
        </Button>
        <Button onClick={onTrain} loading={busy}>
          Train Contents
        </Button>
      </PanelFooter>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Discard ${count}?`}
        description={
          items.length === 1
            ? 'It has not been trained yet. Discarding removes it from this browser.'
            : 'They have not been trained yet. Discarding removes them from this browser.'
        }
        confirmLabel="Discard"
        danger
        onConfirm={() => {
          setConfirming(false);
          onDiscard();
          onCancel();
        }}
      />
    </>
  );
}

function ItemRow({
  item,
  title,
  icon: Icon,
  itemNoun,
  onEdit,
  onRemove,
}: {
  item: ContentItem;
  title: string;
  icon: LucideIcon;
  itemNoun: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <li className="kb-item">
      <span className="kb-item__icon" aria-hidden="true">
        <Icon size={18} />
      </span>
      <div>
        <h3 className="kb-item__title">{title}</h3>
        <p className="kb-item__content">{item.content}</p>
        <p className="kb-item__meta">{item.title.length + item.content.length} characters</p>
      </div>
      <div className="kb-item__actions">
        <button
          type="button"
          className="icon-button"
          aria-label={`Edit ${itemNoun} ${title}`}
          title="Edit"
          onClick={onEdit}
        >
          <Pencil size={17} />
        </button>
        <button
          type="button"
          className="icon-button icon-button--danger"
          aria-label={`Delete ${itemNoun} ${title}`}
          title="Delete"
          onClick={onRemove}
        >
          <Trash2 size={17} />
        </button>
      </div>
    </li>
  );
}
