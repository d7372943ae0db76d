import type {
  CrawledPageItem,
  CrawlListMeta,
  CrawlMessageEvent,
  RealtimeMessageEvent,
} from '@docent/shared';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useAppState } from '../../lib/app-state.tsx';
import { applyCrawlList, applyCrawlMessage, getCrawl, resetCrawl } from './crawl-store.ts';
import { fetchCrawl } from './website.api.ts';

const POLL_MS = 2000;

/**
 * Keeps the crawl under review up to date while it runs: realtime `website_parser_list` /
 * `sitemap_parser_list` lists and crawl `message`s when the socket delivers them, and a re-read
 * of the list when
 * none arrived lately (socket down, events missed, page reloaded).
 */
export function useCrawlFeed(crawlId: string | null): void {
  const { socket } = useAppState();

  useEffect(() => {
    if (!crawlId || !socket) return;
    // The payload is the list of pages; the second argument says which crawl it belongs to.
    const onList = (pages: CrawledPageItem[], crawl: CrawlListMeta) =>
      applyCrawlList({ ...crawl, pages });
    // The start ('Websites will be loaded') and the outcome of a crawl come as `message`.
    const onMessage = (msg: RealtimeMessageEvent | CrawlMessageEvent) => {
      if ('crawl_id' in msg) applyCrawlMessage(msg);
    };
    socket.on('website_parser_list', onList);
    socket.on('sitemap_parser_list', onList);
    socket.on('message', onMessage);
    return () => {
      socket.off('website_parser_list', onList);
      socket.off('sitemap_parser_list', onList);
      socket.off('message', onMessage);
    };
  }, [crawlId, socket]);

  useEffect(() => {
    if (!crawlId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const s = getCrawl();
      if (stopped || s.crawlId !== crawlId) return;
      const quiet = Date.now() - s.updatedAt >= POLL_MS - 100;
      if (s.status === 'running' && (quiet || !s.received)) {
        try {
          const reply = await fetchCrawl(crawlId);
          if (!stopped && reply.response) applyCrawlList(reply.response);
        } catch (err) {
          // The crawl is gone (pruned, other account): nothing left to review.
          if (err instanceof ApiError && err.status === 404 && getCrawl().crawlId === crawlId) {
            resetCrawl();
            return;
          }
        }
      }
      if (!stopped && getCrawl().status === 'running') timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS / 2);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [crawlId]);
}
