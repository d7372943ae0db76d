import type { CrawlListEvent } from '@docent/shared';
import { describe, expect, it } from 'vitest';
import { applyCrawlList, applyCrawlMessage, beginCrawl, getCrawl } from './crawl-store.ts';

const outcome = (status: CrawlListEvent['status'], hasError: boolean, message: string) => ({
  crawl_id: 'c1',
  stage: 1 as const,
  status,
  process_complete: 1 as const,
  hasError,
  message,
});

const finalList = (urls: string[]): CrawlListEvent => ({
  crawl_id: 'c1',
  stage: 1,
  kind: 'website',
  start_url: 'https://shop.example/returns.html',
  status: 'complete',
  process_complete: 1,
  pages: urls.map((url) => ({ url, token_count: 120, process_complete: 1 })),
  page_count: urls.length,
  char_count: 120 * urls.length,
  elapsed_ms: 300,
  pages_per_second: 3,
  page_cap: 100,
  hasError: false,
  message: 'Crawling completed successfully',
});

describe('crawl store', () => {
  it('waits for the page list when a success arrives before it', () => {
    beginCrawl('c1', 'website', 'https://shop.example/returns.html');
    applyCrawlMessage(outcome('complete', false, 'Crawling completed successfully'));
    // Still running: the feed goes on re-reading, the form does not report "no pages".
    expect(getCrawl().status).toBe('running');
    applyCrawlList(finalList(['https://shop.example/returns.html']));
    expect(getCrawl()).toMatchObject({ status: 'complete', received: true });
    expect(getCrawl().pages).toHaveLength(1);
  });

  it('takes a failure at once, and a success once pages are listed', () => {
    beginCrawl('c1', 'website', 'https://shop.example/');
    applyCrawlMessage(outcome('failed', true, 'The website could not be reached.'));
    expect(getCrawl()).toMatchObject({ status: 'failed', hasError: true });

    beginCrawl('c1', 'website', 'https://shop.example/');
    applyCrawlList({
      ...finalList(['https://shop.example/a']),
      status: 'running',
      process_complete: 0,
    });
    applyCrawlMessage(outcome('complete', false, 'Crawling completed successfully'));
    expect(getCrawl()).toMatchObject({ status: 'complete', received: true });
  });
});
