import type { CrawledPageItem, CrawlListEvent, CrawlMessageEvent } from '@docent/shared';
import { storedValue } from '../../lib/stored-value.ts';

export type CrawlKind = CrawlListEvent['kind'];
/** The server's crawl status, or `idle` before any crawl. */
export type CrawlStatus = 'idle' | CrawlListEvent['status'];

/**
 * The crawl under review. It lives outside React so that it survives moving between the form
 * and the review listing; Cancel (docs/spec.md §2) empties it.
 */
export interface CrawlState {
  crawlId: string | null;
  kind: CrawlKind;
  startUrl: string;
  status: CrawlStatus;
  /** A page list with pages has arrived (the listing may show). */
  received: boolean;
  pages: CrawledPageItem[];
  /** URLs the user deleted from the table; the server's list is replaced on every event. */
  removed: ReadonlySet<string>;
  elapsedMs: number;
  pagesPerSecond: number;
  pageCap: number;
  message: string;
  hasError: boolean;
  /** When the last list arrived (ms since epoch), to decide whether to poll. */
  updatedAt: number;
}

const EMPTY: CrawlState = {
  crawlId: null,
  kind: 'website',
  startUrl: '',
  status: 'idle',
  received: false,
  pages: [],
  removed: new Set(),
  elapsedMs: 0,
  pagesPerSecond: 0,
  pageCap: 0,
  message: '',
  hasError: false,
  updatedAt: 0,
};

interface SavedCrawl {
  crawlId: string;
  kind: CrawlKind;
  startUrl: string;
  received: boolean;
  removed: string[];
}

/** A reload of the listing finds its crawl again (the list itself is re-read from the server). */
const store = storedValue<CrawlState>({
  storage: () => sessionStorage,
  key: 'docent.crawl',
  empty: EMPTY,
  decode: (saved) => {
    const s = saved as SavedCrawl | null;
    if (!s?.crawlId) return null;
    return { ...EMPTY, ...s, status: 'running', removed: new Set(s.removed) };
  },
  encode: (s): SavedCrawl | null =>
    s.crawlId
      ? {
          crawlId: s.crawlId,
          kind: s.kind,
          startUrl: s.startUrl,
          received: s.received,
          removed: [...s.removed],
        }
      : null,
});

const set = store.set;

export const getCrawl = store.get;

export const useCrawl = store.use;

export function beginCrawl(crawlId: string, kind: CrawlKind, startUrl: string): void {
  set({ ...EMPTY, crawlId, kind, startUrl, status: 'running', updatedAt: Date.now() });
}

/** Applies a pushed or re-read list: the whole list so far, which replaces the table. */
export function applyCrawlList(event: CrawlListEvent): void {
  const state = store.get();
  if (!state.crawlId || event.crawl_id !== state.crawlId) return;
  const finished = event.process_complete === 1;
  // Events and re-reads can cross: a running list never replaces a finished or longer one.
  if (!finished && (state.status !== 'running' || event.pages.length < state.pages.length)) return;
  set({
    ...state,
    kind: event.kind,
    startUrl: event.start_url || state.startUrl,
    status: event.status,
    received: state.received || event.pages.length > 0,
    pages: event.pages,
    elapsedMs: event.elapsed_ms,
    pagesPerSecond: event.pages_per_second,
    pageCap: event.page_cap,
    message: event.message ?? '',
    hasError: Boolean(event.hasError),
    updatedAt: Date.now(),
  });
}

/**
 * Applies a crawl's `message`: once it says the crawl is over (process_complete 1), the outcome
 * stands even if the final list is still on its way; the list that follows fills the table.
 * A success that arrives before any page list (a one-page crawl can finish first) waits for
 * that list instead: a finished crawl without pages reads as one that found none, and the
 * feed stops re-reading a crawl that is no longer running.
 */
export function applyCrawlMessage(event: CrawlMessageEvent): void {
  const state = store.get();
  if (!state.crawlId || event.crawl_id !== state.crawlId) return;
  if (event.process_complete !== 1 || state.status !== 'running') return;
  if (event.status === 'complete' && !event.hasError && !state.received) return;
  set({
    ...state,
    status: event.status,
    message: event.message,
    hasError: event.hasError,
    updatedAt: Date.now(),
  });
}

export function removePage(url: string): void {
  const state = store.get();
  const removed = new Set(state.removed);
  removed.add(url);
  set({ ...state, removed });
}

export function resetCrawl(): void {
  set(EMPTY);
}

/** The rows still in the table. */
export function keptPages(s: CrawlState): CrawledPageItem[] {
  return s.removed.size === 0 ? s.pages : s.pages.filter((p) => !s.removed.has(p.url));
}
