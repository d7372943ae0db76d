import { MESSAGES } from '@docent/shared';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { type CrawlState, resetCrawl } from './crawl-store.ts';
import type { WebsiteFlow } from './website-flows.ts';

/**
 * docs/spec.md §4: 'Websites will be loaded' (a crawl with no page list yet) closes the listing
 * and shows that message; the form waits there and reopens the listing when pages arrive.
 */
export function useFormUntilPagesArrive(crawl: CrawlState, flow: WebsiteFlow): void {
  const navigate = useNavigate();
  const waiting = crawl.crawlId !== null && crawl.status === 'running' && !crawl.received;
  useEffect(() => {
    if (!waiting) return;
    toast.info(MESSAGES.websitesWillBeLoaded, { toastId: 'websites-will-be-loaded' });
    navigate(crawl.kind === 'sitemap' ? flow.sitemap : flow.crawl, { replace: true });
  }, [waiting, crawl.kind, flow, navigate]);
}

/** A trained crawl is done with once the user leaves for the preview: call the result then. */
export function useResetCrawlOnceTrained(): () => void {
  const trained = useRef(false);
  useEffect(
    () => () => {
      if (trained.current) resetCrawl();
    },
    [],
  );
  return () => {
    trained.current = true;
  };
}
