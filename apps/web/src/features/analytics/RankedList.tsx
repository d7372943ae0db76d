import type { ReactNode } from 'react';
import { formatCount } from './format.ts';

export interface RankedItem {
  key: string;
  label: ReactNode;
  count: number;
}

/**
 * A titled list of labels with their counts, largest first, each with a bar scaled to the
 * largest count (the numbers themselves are always written out).
 */
export function RankedList({
  title,
  subtitle,
  items,
  empty,
  unit,
}: {
  title: string;
  subtitle?: string;
  items: RankedItem[];
  empty: string;
  /** What a count counts, for screen readers ("conversations"). */
  unit: string;
}) {
  const max = Math.max(1, ...items.map((i) => i.count));
  return (
    <section className="panel an-panel" aria-label={title}>
      <h2 className="panel__title">{title}</h2>
      {subtitle && <p className="an-panel__subtitle">{subtitle}</p>}
      {items.length === 0 ? (
        <p className="an-none">{empty}</p>
      ) : (
        <ol className="ranked">
          {items.map((item) => (
            <li key={item.key} className="ranked__item">
              <span className="ranked__label">{item.label}</span>
              <span className="ranked__count">
                {formatCount(item.count)}
                <span className="sr-only"> {unit}</span>
              </span>
              <span className="ranked__bar" aria-hidden="true">
                <span style={{ width: `${(item.count / max) * 100}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
