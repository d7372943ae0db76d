import { type ReactNode, type UIEvent, useCallback, useEffect, useRef, useState } from 'react';

interface Props<T> {
  items: readonly T[];
  /** Every row is this tall (px); fixed heights make windowing exact and cheap. */
  rowHeight: number;
  /** Visible height of the scroll box (px) when the rows need more. */
  maxHeight: number;
  /** Rows rendered beyond each edge, so keyboard focus can move on without a gap. */
  overscan?: number;
  keyOf: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  className?: string;
  label: string;
  /** Rows of the table (for aria-rowcount), header included. */
  rowCountOffset?: number;
}

/**
 * A small windowing list: only the rows in view (plus `overscan`) are in the DOM, placed by one
 * translated block inside a spacer as tall as all rows. Thousands of rows stay smooth.
 */
export function VirtualRows<T>({
  items,
  rowHeight,
  maxHeight,
  overscan = 8,
  keyOf,
  renderRow,
  className,
  label,
  rowCountOffset = 1,
}: Props<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const total = items.length * rowHeight;
  const height = Math.min(maxHeight, total);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const visible = Math.ceil(height / rowHeight) + overscan * 2;
  const last = Math.min(items.length, first + visible);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    setScrollTop(event.currentTarget.scrollTop);
  }, []);

  // Rows removed at the end can leave the box scrolled past its new height.
  useEffect(() => {
    const el = box.current;
    if (el && el.scrollTop > Math.max(0, total - height)) {
      el.scrollTop = Math.max(0, total - height);
      setScrollTop(el.scrollTop);
    }
  }, [total, height]);

  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i] as T;
    rows.push(
      <div
        key={keyOf(item, i)}
        role="row"
        aria-rowindex={i + 1 + rowCountOffset}
        className="vrows__row"
        style={{ height: rowHeight }}
        data-index={i}
      >
        {renderRow(item, i)}
      </div>,
    );
  }

  return (
    <div
      ref={box}
      className={`vrows${className ? ` ${className}` : ''}`}
      style={{ height, overflowY: total > maxHeight ? 'auto' : 'hidden' }}
      onScroll={onScroll}
      role="rowgroup"
      aria-label={label}
    >
      <div className="vrows__spacer" style={{ height: total }}>
        <div className="vrows__window" style={{ transform: `translateY(${first * rowHeight}px)` }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
