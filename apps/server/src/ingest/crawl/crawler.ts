import { createHash } from 'node:crypto';
import {
  type SafeFetchError,
  type SafeFetchOptions,
  toSafeFetchError,
} from '../../lib/safe-fetch.ts';
import { extractHtml, type PageLink } from '../extract/html.ts';
import { stripRepeatedLines } from './boilerplate.ts';
import { CrawlFrontier, type FrontierItem } from './crawl-frontier.ts';
import { fetchImage, fetchPage, type ImageTextExtractor } from './fetch-page.ts';
import { loadRobots, type RobotsRules } from './robots.ts';
import { normalizeUrl, siteKey } from './url.ts';

export interface CrawledPage {
  url: string;
  title: string;
  text: string;
  /** Characters of the main text (the spec's token_count). */
  tokenCount: number;
  /** Its main text's links to other pages, addresses normalised as the crawl's own. */
  links: PageLink[];
}

/** Renders a page whose static HTML has almost no text (optional, Chromium). */
export type PageRenderer = (url: string, signal?: AbortSignal) => Promise<string | null>;

export interface CrawlOptions {
  /** Start URL (stage 1) or the pages of a sitemap (stage 3). */
  seeds: string[];
  /** Stage 1 follows same-site links; a sitemap listing fetches only its seeds. */
  followLinks: boolean;
  /** The plan's page cap. */
  maxPages: number;
  /** Requests of any outcome (duplicates, errors, non-HTML) — ends traps that never yield pages. */
  maxFetches?: number;
  concurrency?: number;
  maxDepth?: number;
  maxPageBytes?: number;
  pageTimeoutMs?: number;
  respectRobots?: boolean;
  fetch?: SafeFetchOptions;
  signal?: AbortSignal;
  onPage?: (page: CrawledPage) => void;
  imageText?: ImageTextExtractor;
  maxImagesPerPage?: number;
  maxImagesTotal?: number;
  renderer?: PageRenderer;
}

export interface CrawlOutcome {
  pages: CrawledPage[];
  stoppedBy: 'complete' | 'page-cap' | 'fetch-cap' | 'cancelled';
  fetched: number;
  errors: number;
  robotsBlocked: number;
  /** The first failure, for a message when nothing at all could be crawled. */
  firstError?: SafeFetchError;
  durationMs: number;
}

const MIN_STATIC_TEXT = 200;

/**
 * Breadth-first crawl of one site with bounded concurrency. Every request goes through the
 * guarded client; robots.txt is honoured; URLs are normalised, canonical links and identical
 * main texts merged; the page cap and a request cap bound any crawl, traps included.
 */
export async function crawl(opts: CrawlOptions): Promise<CrawlOutcome> {
  const started = Date.now();
  const site = new SiteCrawl(opts);
  await site.run();
  const out = site.out;
  out.stoppedBy = site.stopReason() ?? 'complete';
  stripRepeatedLines(out.pages);
  out.durationMs = Date.now() - started;
  return out;
}

type FetchedPage = Awaited<ReturnType<typeof fetchPage>>;

/** The state of one crawl and its steps: visit a URL, fetch it, keep its page. */
class SiteCrawl {
  readonly out: CrawlOutcome = {
    pages: [],
    stoppedBy: 'complete',
    fetched: 0,
    errors: 0,
    robotsBlocked: 0,
    durationMs: 0,
  };
  private readonly frontier: CrawlFrontier;
  private readonly emitted = new Set<string>();
  private readonly hashes = new Set<string>();
  private readonly robots = new Map<string, Promise<RobotsRules>>();
  private readonly maxFetches: number;
  private readonly maxDepth: number;
  private readonly fetchOpts: SafeFetchOptions & { maxBytes: number; timeoutMs: number };
  private imagesUsed = 0;
  private concurrency: number;
  private delayMs = 0;

  constructor(private readonly opts: CrawlOptions) {
    this.concurrency = opts.concurrency ?? 12;
    this.maxFetches = opts.maxFetches ?? opts.maxPages * 3 + 20;
    this.maxDepth = opts.maxDepth ?? 64;
    this.fetchOpts = {
      ...opts.fetch,
      signal: opts.signal,
      maxBytes: opts.maxPageBytes ?? 5 * 1024 * 1024,
      timeoutMs: opts.pageTimeoutMs ?? 20_000,
    };
    this.frontier = new CrawlFrontier(opts.seeds, Math.max(opts.maxPages * 20, 1000));
  }

  stopReason(): CrawlOutcome['stoppedBy'] | null {
    if (this.opts.signal?.aborted) return 'cancelled';
    if (this.out.pages.length >= this.opts.maxPages) return 'page-cap';
    if (this.out.fetched >= this.maxFetches) return 'fetch-cap';
    return null;
  }

  /** Visits the frontier with at most `concurrency` requests in flight, until done or stopped. */
  run(): Promise<void> {
    return new Promise<void>((resolve) => {
      let active = 0;
      let finished = false;
      const pump = () => {
        if (finished) return;
        while (active < this.concurrency && !this.frontier.isEmpty && !this.stopReason()) {
          const item = this.frontier.take() as FrontierItem;
          active++;
          this.visit(item)
            .catch((err) => this.failed(err, item.url))
            .finally(() => {
              active--;
              pump();
            });
        }
        if (active === 0 && (this.frontier.isEmpty || this.stopReason())) {
          finished = true;
          resolve();
        }
      };
      pump();
    });
  }

  private failed(err: unknown, url: string): void {
    this.out.errors++;
    this.out.firstError ??= toSafeFetchError(err, url);
  }

  private async visit({ url, depth }: FrontierItem): Promise<void> {
    if (this.opts.respectRobots !== false && !(await this.robotsAllow(url))) {
      this.out.robotsBlocked++;
      return;
    }
    if (this.stopReason()) return;
    this.out.fetched++;
    let page: FetchedPage;
    try {
      page = await fetchPage(url, this.fetchOpts);
    } catch (err) {
      this.failed(err, url);
      return;
    } finally {
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    }
    const finalUrl = normalizeUrl(page.url);
    if (!finalUrl) return;
    if (finalUrl !== url) {
      const site = siteKey(finalUrl);
      const { sites, seen } = this.frontier;
      // The start page may move the site (http → https, bare → www); other pages may not leave it.
      if (depth === 0 && !sites.has(site)) sites.add(site);
      if (!sites.has(site) || this.emitted.has(finalUrl)) return;
      seen.add(finalUrl);
    }
    if (page.kind === 'html') await this.keep(page.html, page.url, finalUrl, depth);
  }

  private async robotsAllow(url: string): Promise<boolean> {
    const origin = new URL(url).origin;
    let rules = this.robots.get(origin);
    if (!rules) {
      rules = loadRobots(origin, { ...this.opts.fetch, signal: this.opts.signal });
      this.robots.set(origin, rules);
    }
    const loaded = await rules;
    if (loaded.crawlDelay && this.delayMs === 0) {
      // Honour Crawl-delay (capped) by going one request at a time.
      this.delayMs = Math.min(loaded.crawlDelay, 5) * 1000;
      this.concurrency = 1;
    }
    return loaded.isAllowed(url);
  }

  /** Extracts a fetched HTML page, queues its links and keeps its text unless a duplicate. */
  private async keep(html: string, fetchedUrl: string, finalUrl: string, depth: number) {
    let ex = extractHtml(html, fetchedUrl);
    if (this.opts.renderer && ex.text.length < MIN_STATIC_TEXT) {
      const rendered = await this.opts.renderer(fetchedUrl, this.opts.signal).catch(() => null);
      if (rendered) ex = extractHtml(rendered, fetchedUrl);
    }
    if (this.opts.followLinks && !ex.nofollow && depth < this.maxDepth) {
      for (const link of ex.links) this.frontier.add(link, depth + 1);
    }
    if (ex.noindex) return;
    const text = ex.text + (await this.readImages(ex.images));
    if (!text.trim()) return;
    const hash = createHash('sha1').update(text).digest('base64');
    if (this.hashes.has(hash)) return;
    let pageUrl = finalUrl;
    const canonical = ex.canonical ? normalizeUrl(ex.canonical) : null;
    if (
      canonical &&
      canonical !== finalUrl &&
      this.frontier.sites.has(siteKey(canonical)) &&
      !this.emitted.has(canonical)
    ) {
      pageUrl = canonical;
      this.frontier.seen.add(canonical);
    }
    if (this.emitted.has(pageUrl) || this.stopReason() === 'page-cap') return;
    this.hashes.add(hash);
    this.emitted.add(pageUrl);
    const crawled: CrawledPage = {
      url: pageUrl,
      title: ex.title,
      text,
      tokenCount: text.length,
      links: ex.linkContexts.flatMap((l) => {
        const url = normalizeUrl(l.url);
        return url && url !== pageUrl ? [{ ...l, url }] : [];
      }),
    };
    this.out.pages.push(crawled);
    this.opts.onPage?.(crawled);
  }

  /** Text read from a page's images (OCR), within the per-page and per-crawl image caps. */
  private async readImages(images: string[]): Promise<string> {
    const extractor = this.opts.imageText;
    if (!extractor) return '';
    const texts: string[] = [];
    const perPage = this.opts.maxImagesPerPage ?? 5;
    for (const src of images.slice(0, perPage)) {
      if (this.imagesUsed >= (this.opts.maxImagesTotal ?? 100) || this.opts.signal?.aborted) break;
      this.imagesUsed++;
      const image = await fetchImage(src, {
        ...this.fetchOpts,
        maxBytes: 5 * 1024 * 1024,
        timeoutMs: 15_000,
      });
      if (!image) continue;
      const text = await extractor(image, this.opts.signal).catch(() => '');
      if (text.trim()) texts.push(text.trim());
    }
    return texts.length ? `\n${texts.join('\n')}` : '';
  }
}
