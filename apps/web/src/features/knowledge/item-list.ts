import type { ContentItem } from './drafts.ts';

/** docs/spec.md §9: the sum of title and content lengths of every item. */
export function itemsCharCount(list: readonly ContentItem[]): number {
  return list.reduce((sum, item) => sum + item.title.length + item.content.length, 0);
}

/** Q&A titles are shown as questions; avoid a doubled mark when the user typed one. */
export function asQuestion(title: string): string {
  const trimmed = title.trim();
  return trimmed.endsWith('?') ? trimmed : `${trimmed}?`;
}

/** Reads a list index passed in navigation state (`{ index }`), if any. */
export function indexFromState(state: unknown): number | undefined {
  if (typeof state !== 'object' || state === null || !('index' in state)) return undefined;
  const value = (state as { index: unknown }).index;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** A readable figure for character counts (1,234). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
