import { useSyncExternalStore } from 'react';

/**
 * A value kept outside React and mirrored in web storage, so it survives moving between pages and
 * reloading one; components read it through `use()` and re-render when it changes.
 */
export interface StoredValue<T> {
  get: () => T;
  set: (next: T) => void;
  use: () => T;
}

export interface StoredValueOptions<T> {
  storage: () => Storage;
  key: string;
  /** The value when nothing (readable) is stored. */
  empty: T;
  /** Rebuilds the value from what `encode` stored; throw or return null when it no longer fits. */
  decode: (saved: unknown) => T | null;
  /** What to store; null removes the entry (the value is back to empty). */
  encode: (value: T) => unknown;
}

export function storedValue<T>(opts: StoredValueOptions<T>): StoredValue<T> {
  const listeners = new Set<() => void>();
  let value = restore();

  function restore(): T {
    try {
      const raw = opts.storage().getItem(opts.key);
      return (raw === null ? null : opts.decode(JSON.parse(raw))) ?? opts.empty;
    } catch {
      return opts.empty;
    }
  }

  function set(next: T): void {
    value = next;
    try {
      const saved = opts.encode(next);
      if (saved === null) opts.storage().removeItem(opts.key);
      else opts.storage().setItem(opts.key, JSON.stringify(saved));
    } catch {
      // Storage full or refused (private mode): the value still lives for this page.
    }
    for (const listener of listeners) listener();
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return {
    get: () => value,
    set,
    use: () => useSyncExternalStore(subscribe, () => value),
  };
}
