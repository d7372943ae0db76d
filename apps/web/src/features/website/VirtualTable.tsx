import { type ReactNode, type UIEvent, useCallback, useEffect, useRef, useState } from 'react';

interface Props<T> {
  items: readonly T[];
  /** Every row is this tall (px); fixed heights make windowing exact and cheap. */
  rowHeight: number;
  /** Height of the scroll box (px) once the rows need more. */
  maxHeight: number;
  /** Rows rendered beyond each edge, so keyboard focus can move on without a gap. */
  overscan?: number;
  keyOf: (item: T, index: number) => string;
  /** The cells (`<td>`) of one row. */
  renderRow: (item: T, index: number) => ReactNode;
  /** The `<tr>` of the header; it stays in view while the body scrolls. */
  head: ReactNode;
  colgroup?: ReactNode;
  className?: string;
  label: string;
}

/**
 * A small windowed table: only the rows in view (plus `overscan`) are in the DOM, between two
 * spacer rows as tall as the rows left out. It stays a real table for assistive technology,
 * and thousands of rows scroll smoothly.
 */
export function VirtualTable<T>({
  items,
  rowHeight,
  maxHeight,
  overscan = 8,
  keyOf,
  renderRow,
  head,
  colgroup,
  className,
  label,
}: Props<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(maxHeight);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    setScrollTop(event.currentTarget.scrollTop);
  }, []);

  // The box can be shorter than maxHeight (CSS caps it on small screens).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setViewport(el.clientHeight || maxHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [maxHeight]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, first + Math.ceil(viewport / rowHeight) + overscan * 2);
  const top = first * rowHeight;
  const bottom = (items.length - last) * rowHeight;

  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i] as T;
    rows.push(
      <tr key={keyOf(item, i)} style={{ height: rowHeight }} data-index={i} aria-rowindex={i + 2}>
        {renderRow(item, i)}
      </tr>,
    );
  }

  return (
    <div
      ref={box}
      className={`vtable${className ? ` ${className}` : ''}`}
      // A page may cap the box further with --vtable-max (e.g. to keep its footer in view).
      style={{ maxHeight: `min(${maxHeight}px, var(--vtable-max, ${maxHeight}px))` }}
      onScroll={onScroll}
    >
      <table aria-label={label} aria-rowcount={items.length + 1}>
        {colgroup}
        <thead>{head}</thead>
        <tbody>
          {top > 0 && <tr className="vtable__spacer" style={{ height: top }} />}
          {rows}
          {bottom > 0 && <tr className="vtable__spacer" style={{ height: bottom }} />}
        </tbody>
      </table>
    </div>
  );
}
