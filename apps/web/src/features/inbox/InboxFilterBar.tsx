import type { ChatChannel } from '@docent/shared';
import { Search, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { CHANNEL_CHOICES } from '../../lib/chat-channels.ts';
import { type InboxFilters, RANGES, type RangeChoice } from './filters.ts';

interface Props {
  filters: InboxFilters;
  onChange: (next: Partial<InboxFilters>) => void;
}

/**
 * Search and filters of the inbox. Choices apply at once; the search applies on Enter or the
 * Search button (not on every key, which would reload the list while typing).
 */
export function InboxFilterBar({ filters, onChange }: Props) {
  return (
    <div className="inbox-filters">
      <SearchBox value={filters.q} onSearch={(q) => onChange({ q })} />
      <div className="inbox-filters__row">
        <Select
          label="Date range"
          value={filters.range}
          options={RANGES}
          onChange={(v) => onChange({ range: v as RangeChoice })}
        />
        {filters.range === 'custom' && (
          <>
            <DateInput label="From" value={filters.from} onChange={(from) => onChange({ from })} />
            <DateInput label="To" value={filters.to} onChange={(to) => onChange({ to })} />
          </>
        )}
        <Select
          label="Channel"
          value={filters.channel}
          options={[{ value: '', label: 'All channels' }, ...CHANNEL_CHOICES]}
          onChange={(v) => onChange({ channel: v as ChatChannel | '' })}
        />
        <Select
          label="Feedback"
          value={filters.feedback}
          options={[
            { value: '', label: 'Any feedback' },
            { value: 'up', label: 'Thumbs up' },
            { value: 'down', label: 'Thumbs down' },
          ]}
          onChange={(v) => onChange({ feedback: v as InboxFilters['feedback'] })}
        />
        <label className="inbox-check">
          <input
            type="checkbox"
            checked={filters.unanswered}
            onChange={(e) => onChange({ unanswered: e.target.checked })}
          />
          Unanswered only
        </label>
      </div>
    </div>
  );
}

/** The search applies on Enter or the Search button, not on every key. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [q, setQ] = useState(value);
  useEffect(() => setQ(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(q.trim());
  };
  return (
    <search>
      <form className="inbox-search" onSubmit={submit}>
        <label className="sr-only" htmlFor={`${id}-q`}>
          Search conversations
        </label>
        <Search size={17} className="inbox-search__icon" aria-hidden="true" />
        <input
          id={`${id}-q`}
          className="input inbox-search__input"
          type="search"
          placeholder="Search questions and answers"
          value={q}
          maxLength={200}
          onChange={(e) => setQ(e.target.value)}
        />
        {value && (
          <button
            type="button"
            className="icon-button inbox-search__clear"
            aria-label="Clear search"
            onClick={() => onSearch('')}
          >
            <X size={16} />
          </button>
        )}
        <button type="submit" className="btn btn--secondary btn--md">
          Search
        </button>
      </form>
    </search>
  );
}

/** A labelled filter control; the control receives the id its label points at. */
function FilterField({ label, control }: { label: string; control: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="inbox-field">
      <label className="inbox-field__label" htmlFor={id}>
        {label}
      </label>
      {control(id)}
    </div>
  );
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <FilterField
      label={label}
      control={(id) => (
        <select
          id={id}
          className="input inbox-field__control"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

function DateInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FilterField
      label={label}
      control={(id) => (
        <input
          id={id}
          type="date"
          className="input inbox-field__control"
          value={value}
          required
          onChange={(e) => e.target.value && onChange(e.target.value)}
        />
      )}
    />
  );
}
