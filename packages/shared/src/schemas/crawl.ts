import { z } from 'zod';
import { MESSAGES } from '../core/messages.ts';
import { trainingTargetFields } from './bot-name.ts';
import { optionalId } from './optional-id.ts';

/** Messages of the website area that the spec does not fix; API and web app share them. */
export const CRAWL_MESSAGES = {
  invalidStage: 'Invalid training stage',
  crawlNotFound: 'No crawl found. Please crawl the website again.',
  crawlRunning: 'Crawling is still in progress. Please wait until it completes.',
  crawlCancelled: 'Crawling was cancelled',
  urlsNotFound: 'Some selected pages were not found by this crawl. Please crawl the website again.',
  noPagesFound: 'No pages could be crawled from this website.',
  robotsDisallowed: "This website's robots.txt does not allow crawling it.",
  tooManySelected: (max: number) =>
    `You can train at most ${max.toLocaleString('en-US')} pages at once.`,
} as const;

/** Sitemap addresses must end in .xml (docs/spec.md §9); a gzipped .xml.gz sitemap is accepted too. */
export function isSitemapAddress(value: string): boolean {
  const bare = value.trim().split(/[?#]/)[0] ?? '';
  return /\.xml(\.gz)?$/i.test(bare);
}

const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)).trim());

const flag = z
  .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal(1), z.literal(0), z.null()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === 1);

/** POST upload/website: stage 1 (crawl), stage 3 (sitemap listing) or stage 2 (train). */
export const uploadWebsiteBody = z
  .object({
    stage: z.coerce.number({ error: CRAWL_MESSAGES.invalidStage }),
    website_url: optionalText,
    website_sitemap: optionalText,
    fetch_img_content: flag,
    selected_urls: z
      .array(z.union([z.string(), z.object({ url: z.string() }).loose()]))
      .optional()
      .transform((v) =>
        (v ?? []).map((u) => (typeof u === 'string' ? u : u.url).trim()).filter(Boolean),
      ),
    /** Client claims; the server recomputes both. */
    char_count: z.union([z.number(), z.string(), z.null()]).optional(),
    bot_count: z.union([z.number(), z.string(), z.null()]).optional(),
    ...trainingTargetFields,
    /** Which crawl stage 2 trains from; the user's latest crawl when absent. */
    crawl_id: optionalId,
  })
  .superRefine((b, ctx) => {
    const fail = (message: string) => void ctx.addIssue({ code: 'custom', message });
    if (b.stage === 1) {
      if (!b.website_url) fail(MESSAGES.enterWebsiteUrl);
    } else if (b.stage === 3) {
      if (!b.website_sitemap) fail(MESSAGES.enterWebsiteUrl);
      else if (!isSitemapAddress(b.website_sitemap)) fail(MESSAGES.sitemapInvalid);
    } else if (b.stage === 2) {
      if (b.selected_urls.length === 0) fail(MESSAGES.selectOneWebsite);
    } else {
      fail(CRAWL_MESSAGES.invalidStage);
    }
  });
export type UploadWebsiteBody = z.input<typeof uploadWebsiteBody>;

/** POST upload/website/cancel. */
export const cancelCrawlBody = z.object({ crawl_id: z.string().trim().min(1) });
export type CancelCrawlBody = z.input<typeof cancelCrawlBody>;

/** One row of the review table (docs/spec.md §3: Crawled page). */
export interface CrawledPageItem {
  url: string;
  /** Characters of the page's main text (labelled Characters). */
  token_count: number;
  process_complete: 0 | 1;
}

/**
 * Realtime `website_parser_list` (stage 1) and `sitemap_parser_list` (stage 3), and the reply
 * of GET upload/website/{crawl_id}: the whole list found so far (a client replaces its table),
 * pushed while the crawl runs and once more with process_complete 1.
 */
export type CrawlListEvent = {
  crawl_id: string;
  stage: 1 | 3;
  kind: 'website' | 'sitemap';
  start_url: string;
  status: 'running' | 'complete' | 'failed' | 'cancelled';
  process_complete: 0 | 1;
  pages: CrawledPageItem[];
  page_count: number;
  char_count: number;
  /** Live progress for the screen. */
  elapsed_ms: number;
  pages_per_second: number;
  /** Pages the plan allows in one crawl. */
  page_cap: number;
  hasError: boolean;
  message: string;
};

/**
 * Realtime `website_parser_list` / `sitemap_parser_list` carry the list of crawled pages as their
 * payload (docs/spec.md §7); this second argument says which crawl it is and how far it got, for
 * clients that want more than the list.
 */
export type CrawlListMeta = Omit<CrawlListEvent, 'pages'>;

/**
 * Realtime `message` about a crawl: 'Websites will be loaded' when it starts, then its outcome
 * ('Crawling completed successfully', a failure, a cancellation) with process_complete 1.
 */
export interface CrawlMessageEvent {
  crawl_id: string;
  stage: 1 | 3;
  status: CrawlListEvent['status'];
  process_complete: 0 | 1;
  hasError: boolean;
  message: string;
}

/** Reply of stages 1 and 3: the crawl runs in the background and pushes its list. */
export interface CrawlStartedResponse {
  stage: 1 | 3;
  crawl_id: string;
  process_complete: 0;
  /** Stage 3: how many page addresses the sitemap listed. */
  sitemap_urls?: number;
}
