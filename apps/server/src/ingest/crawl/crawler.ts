import { createHash } from 'node:crypto';
import {
  type SafeFetchError,
  type SafeFetchOptions,
  toSafeFetchError,
} from '../../lib/safe-fetch.ts';
import { extractHtml } from '../extract/html.ts';
import { stripRepeatedLines } from './boilerplate.ts';
import { fetchImage, fetchPage, type ImageTextExtractor } from './fetch-page.ts';
import { loadRobots, type RobotsRules } from './robots.ts';
import { looksNonHtml, normalizeUrl, siteKey } from './url.ts';

export interface CrawledPage {
  url: string;
  title: string;
  text: string;
  /** Characters of the main text (the spec's token_count). */
  tokenCount: number;
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
  const concurrencyWanted = opts.concurrency ?? 12;
  const maxFetches = opts.maxFetches ?? opts.maxPages * 3 + 20;
  const maxDepth = opts.maxDepth ?? 64;
  const maxSeen = Math.max(opts.maxPages * 20, 1000);
  const fetchOpts = {
    ...opts.fetch,
    signal: opts.signal,
    maxBytes: opts.maxPageBytes ?? 5 * 1024 * 1024,
    timeoutMs: opts.pageTimeoutMs ?? 20_000,
  };
  const out: CrawlOutcome = {
    pages: [],
    stoppedBy: 'complete',
    fetched: 0,
    errors: 0,
    robotsBlocked: 0,
    durationMs: 0,
  };
  const queue: { url: string; depth: number }[] = [];
  let head = 0;
  const seen = new Set<string>();
  const emitted = new Set<string>();
  const hashes = new Set<string>();
  const sites = new Set<string>();
  const robots = new Map<string, Promise<RobotsRules>>();
  let imagesUsed = 0;
  let concurrency = concurrencyWanted;
  let delayMs = 0;

  // Raw link strings already judged: navigation repeats the same links on every page.
  const judged = new Set<string>();
  const enqueue = (raw: string, depth: number) => {
    if (judged.has(raw)) return;
    if (judged.size < maxSeen * 4) judged.add(raw);
    const url = normalizeUrl(raw);
    if (!url || seen.has(url) || seen.size >= maxSeen) return;
    if (!sites.has(siteKey(url)) || looksNonHtml(url)) return;
    seen.add(url);
    queue.push({ url, depth });
  };
  for (const s of opts.seeds) {
    const url = normalizeUrl(s);
    if (url) sites.add(siteKey(url));
  }
  for (const s of opts.seeds) enqueue(s, 0);

  const robotsFor = (url: string): Promise<RobotsRules> => {
    const origin = new URL(url).origin;
    let rules = robots.get(origin);
    if (!rules) {
      rules = loadRobots(origin, { ...opts.fetch, signal: opts.signal });
      robots.set(origin, rules);
    }
    return rules;
  };

  const stopReason = (): CrawlOutcome['stoppedBy'] | null => {
    if (opts.signal?.aborted) return 'cancelled';
    if (out.pages.length >= opts.maxPages) return 'page-cap';
    if (out.fetched >= maxFetches) return 'fetch-cap';
    return null;
  };

  const readImages = async (images: string[]): Promise<string> => {
    const extractor = opts.imageText;
    if (!extractor) return '';
    const texts: string[] = [];
    const perPage = opts.maxImagesPerPage ?? 5;
    for (const src of images.slice(0, perPage)) {
      if (imagesUsed >= (opts.maxImagesTotal ?? 100) || opts.signal?.aborted) break;
      imagesUsed++;
      const image = await fetchImage(src, {
        ...fetchOpts,
        maxBytes: 5 * 1024 * 1024,
        timeoutMs: 15_000,
      });
      if (!image) continue;
      const text = await extractor(image, opts.signal).catch(() => '');
      if (text.trim()) texts.push(text.trim());
    }
    return texts.length ? `\n${texts.join('\n')}` : '';
  };

  const visit = async ({ url, depth }: { url: string; depth: number }) => {
    if (opts.respectRobots !== false) {
      const rules = await robotsFor(url);
      if (rules.crawlDelay && delayMs === 0) {
        // Honour Crawl-delay (capped) by going one request at a time.
        delayMs = Math.min(rules.crawlDelay, 5) * 1000;
        concurrency = 1;
      }
      if (!rules.isAllowed(url)) {
        out.robotsBlocked++;
        return;
      }
    }
    if (stopReason()) return;
    out.fetched++;
    let page: Awaited<ReturnType<typeof fetchPage>>;
    try {
      page = await fetchPage(url, fetchOpts);
    } catch (err) {
      out.errors++;
      out.firstError ??= toSafeFetchError(err, url);
      return;
    } finally {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    }
    const finalUrl = normalizeUrl(page.url);
    if (!finalUrl) return;
    if (finalUrl !== url) {
      const site = siteKey(finalUrl);
      // The start page may move the site (http → https, bare → www); other pages may not leave it.
      if (depth === 0 && !sites.has(site)) sites.add(site);
      if (!sites.has(site) || emitted.has(finalUrl)) return;
      seen.add(finalUrl);
    }
    if (page.kind !== 'html') return;
    let ex = extractHtml(page.html, page.url);
    if (opts.renderer && ex.text.length < MIN_STATIC_TEXT) {
      const rendered = await opts.renderer(page.url, opts.signal).catch(() => null);
      if (rendered) ex = extractHtml(rendered, page.url);
    }
    if (opts.followLinks && !ex.nofollow && depth < maxDepth) {
      for (const link of ex.links) enqueue(link, depth + 1);
    }
    if (ex.noindex) return;
    const text = ex.text + (await readImages(ex.images));
    if (!text.trim()) return;
    const hash = createHash('sha1').update(text).digest('base64');
    if (hashes.has(hash)) return;
    let pageUrl = finalUrl;
    const canonical = ex.canonical ? normalizeUrl(ex.canonical) : null;
    if (
      canonical &&
      canonical !== finalUrl &&
      sites.has(siteKey(canonical)) &&
      !emitted.has(canonical)
    ) {
      pageUrl = canonical;
      seen.add(canonical);
    }
    if (emitted.has(pageUrl) || stopReason() === 'page-cap') return;
    hashes.add(hash);
    emitted.add(pageUrl);
    const crawled: CrawledPage = { url: pageUrl, title: ex.title, text, tokenCount: text.length };
    out.pages.push(crawled);
    opts.onPage?.(crawled);
  };

  await new Promise<void>((resolve) => {
    let active = 0;
    let finished = false;
    const pump = () => {
      if (finished) return;
      while (active < concurrency && head < queue.length && !stopReason()) {
        const item = queue[head] as { url: string; depth: number };
        queue[head++] = undefined as never;
        active++;
        visit(item)
          .catch((err) => {
            out.errors++;
            out.firstError ??= toSafeFetchError(err, item.url);
          })
          .finally(() => {
            active--;
            pump();
          });
      }
      if (active === 0 && (head >= queue.length || stopReason())) {
        finished = true;
        resolve();
      }
    };
    pump();
  });

  out.stoppedBy = stopReason() ?? 'complete';
  stripRepeatedLines(out.pages);
  out.durationMs = Date.now() - started;
  return out;
}
