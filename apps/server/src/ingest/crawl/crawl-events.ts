import {
  type CrawledPageItem,
  type CrawlListEvent,
  type CrawlMessageEvent,
  MESSAGES,
} from '@docent/shared';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';
import type { CrawlSessionRow } from './crawl.repo.ts';

/**
 * What a crawl tells the screen. The list events carry the list of crawled pages as their
 * payload (docs/spec.md §7) and which crawl it is as a second argument; the start ('Websites
 * will be loaded') and the outcome travel as `message` events, as the spec's client expects.
 */

export const eventOf = (kind: CrawlSessionRow['kind']) =>
  kind === 'website' ? ('website_parser_list' as const) : ('sitemap_parser_list' as const);

export function listEvent(
  session: Pick<CrawlSessionRow, 'id' | 'kind' | 'start_url' | 'page_cap'>,
  state: {
    status: CrawlListEvent['status'];
    pages: { url: string; token_count: number }[];
    elapsedMs: number;
    message?: string;
    hasError?: boolean;
  },
): CrawlListEvent {
  const done = state.status === 'running' ? 0 : 1;
  const pages: CrawledPageItem[] = state.pages.map((p) => ({
    url: p.url,
    token_count: p.token_count,
    process_complete: done,
  }));
  const chars = pages.reduce((n, p) => n + p.token_count, 0);
  return {
    crawl_id: session.id,
    stage: session.kind === 'website' ? 1 : 3,
    kind: session.kind,
    start_url: session.start_url,
    status: state.status,
    process_complete: done,
    pages,
    page_count: pages.length,
    char_count: chars,
    elapsed_ms: Math.round(state.elapsedMs),
    pages_per_second:
      state.elapsedMs > 0 ? Math.round((pages.length / state.elapsedMs) * 10_000) / 10 : 0,
    page_cap: session.page_cap,
    hasError: state.hasError ?? false,
    message:
      state.message ??
      (state.status === 'complete' ? MESSAGES.crawlingCompleted : MESSAGES.websitesWillBeLoaded),
  };
}

/** Pushes the list so far; a finished crawl's outcome follows as a `message`. */
export function pushCrawlList(
  realtime: Pick<RealtimeHub, 'emitToUser'>,
  session: Pick<CrawlSessionRow, 'user_id' | 'kind'>,
  event: CrawlListEvent,
): void {
  const { pages, ...crawl } = event;
  realtime.emitToUser(session.user_id, eventOf(session.kind), pages, crawl);
  if (event.process_complete === 1) {
    realtime.emitToUser(session.user_id, 'message', crawlMessage(event));
  }
}

/** The crawl has started: 'Websites will be loaded'. */
export function announceCrawl(
  realtime: Pick<RealtimeHub, 'emitToUser'>,
  session: Parameters<typeof listEvent>[0] & Pick<CrawlSessionRow, 'user_id'>,
): void {
  const started = listEvent(session, { status: 'running', pages: [], elapsedMs: 0 });
  realtime.emitToUser(session.user_id, 'message', crawlMessage(started));
}

function crawlMessage(e: CrawlListEvent): CrawlMessageEvent {
  return {
    crawl_id: e.crawl_id,
    stage: e.stage,
    status: e.status,
    process_complete: e.process_complete,
    hasError: e.hasError,
    message: e.message,
  };
}
