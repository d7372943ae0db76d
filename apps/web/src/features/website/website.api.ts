import type {
  CancelCrawlBody,
  CrawlListEvent,
  CrawlStartedResponse,
  TrainingResponse,
  TrainingTarget,
  UploadWebsiteBody,
} from '@docent/shared';
import { api } from '../../lib/api.ts';

/** Stage 1 (docs/spec.md §7): crawl the whole site from this URL; pages arrive over realtime. */
export function startWebsiteCrawl(websiteUrl: string, fetchImages: boolean) {
  return api<CrawlStartedResponse>('upload/website', {
    json: {
      website_url: websiteUrl,
      stage: 1,
      fetch_img_content: fetchImages,
    } satisfies UploadWebsiteBody,
  });
}

/** Stage 3 (docs/spec.md §7): list a sitemap's pages. */
export function startSitemapCrawl(sitemapUrl: string, fetchImages: boolean) {
  return api<CrawlStartedResponse>('upload/website', {
    json: {
      website_sitemap: sitemapUrl,
      stage: 3,
      fetch_img_content: fetchImages,
    } satisfies UploadWebsiteBody,
  });
}

/** Re-reads the page list the realtime events carry (missed events, reloads). */
export function fetchCrawl(crawlId: string) {
  return api<CrawlListEvent>(`upload/website/${encodeURIComponent(crawlId)}`);
}

export function cancelCrawl(crawlId: string) {
  return api('upload/website/cancel', { json: { crawl_id: crawlId } satisfies CancelCrawlBody });
}

/** Stage 2 (docs/spec.md §7): train the kept pages; char_count is the sum of their token_count. */
export function trainPages(
  urls: readonly string[],
  charCount: number,
  target: TrainingTarget,
  crawlId: string,
) {
  return api<TrainingResponse>('upload/website', {
    json: {
      selected_urls: [...urls],
      stage: 2,
      char_count: charCount,
      bot_count: 1,
      ...target,
      crawl_id: crawlId,
    } satisfies UploadWebsiteBody,
  });
}
