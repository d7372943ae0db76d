import { isSitemapAddress, MESSAGES } from '@docent/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api.ts';
import { beginCrawl, type CrawlKind, type CrawlState, resetCrawl } from './crawl-store.ts';
import { cancelCrawl, startSitemapCrawl, startWebsiteCrawl } from './website.api.ts';
import type { WebsiteFlow } from './website-flows.ts';

/**
 * Starting a crawl from the form (docs/spec.md §4 stages 1 and 3): checks the address, starts
 * the crawl, opens the review when the first page list arrives, and reports a crawl that ended
 * with no page. `focusUrl` puts the cursor back in the address field after a problem.
 */
export function useCrawlStart(
  crawl: CrawlState,
  flow: WebsiteFlow,
  mode: CrawlKind,
  focusUrl: () => void,
) {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** Set when this form started the crawl: a crawl that ends with no page is reported here. */
  const started = useRef(false);

  // The first page list opens the review (also for a crawl started before a reload).
  const hadPages = useRef(crawl.received);
  useEffect(() => {
    if (!crawl.crawlId) {
      hadPages.current = false;
      return;
    }
    if (crawl.received) {
      if (!hadPages.current) {
        hadPages.current = true;
        started.current = false;
        navigate(flow.listing);
      }
      return;
    }
    hadPages.current = false;
    if (started.current && crawl.status !== 'running') {
      // Finished without a single page: say why and let the user try another address.
      started.current = false;
      setError(crawl.message || 'No pages could be crawled from this website.');
      resetCrawl();
    }
  }, [crawl, flow.listing, navigate]);

  const fail = (message: string) => {
    setError(message);
    focusUrl();
  };

  const start = async (url: string, fetchImages: boolean) => {
    const value = url.trim();
    if (!value) return fail(MESSAGES.enterWebsiteUrl);
    if (mode === 'sitemap' && !isSitemapAddress(value)) return fail(MESSAGES.sitemapInvalid);
    setError('');
    setBusy(true);
    try {
      const reply =
        mode === 'website'
          ? await startWebsiteCrawl(value, fetchImages)
          : await startSitemapCrawl(value, fetchImages);
      started.current = true;
      beginCrawl(reply.response.crawl_id, mode, value);
      if (reply.message) toast.info(reply.message, { toastId: 'websites-will-be-loaded' });
    } catch (err) {
      fail(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    const id = crawl.crawlId;
    started.current = false;
    resetCrawl();
    if (id) await cancelCrawl(id).catch(() => undefined);
  };

  return { error, busy, start, stop };
}
