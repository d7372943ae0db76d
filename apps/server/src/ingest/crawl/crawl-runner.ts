import {
  CRAWL_MESSAGES,
  type CrawledPageItem,
  type CrawlListEvent,
  MESSAGES,
} from '@docent/shared';
import type { AppContext } from '../../http/context.ts';
import { validateImage } from '../extract/image-validate.ts';
import { type OcrSession, openOcrSession } from '../extract/ocr.ts';
import {
  type CrawlPageInsert,
  type CrawlSessionRow,
  crawlStatus,
  findCrawlSession,
  finishCrawl,
  insertCrawlPages,
  resetCrawl,
  updateCrawlPageTexts,
} from './crawl.repo.ts';
import { type CrawledPage, type CrawlOutcome, crawl } from './crawler.ts';
import type { ImageTextExtractor } from './fetch-page.ts';
import { type ChromiumRenderer, createChromiumRenderer } from './renderer.ts';

const PUSH_EVERY_MS = 400;
const FLUSH_AT = 100;
const CANCEL_POLL_MS = 1_500;

/** Crawls of this process, so a cancel request stops them at once (other processes poll). */
const running = new Map<string, AbortController>();

export function abortLocalCrawl(crawlId: string): void {
  running.get(crawlId)?.abort();
}

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

/**
 * The crawl job: runs the crawler (or fetches a sitemap's pages), stores pages in batches and
 * pushes the growing list to the user; the final push carries process_complete 1. A retried
 * attempt starts over from an empty list.
 */
export async function runCrawlSession(
  ctx: AppContext,
  crawlId: string,
  stop: AbortSignal,
): Promise<void> {
  const session = await findCrawlSession(ctx.db, crawlId);
  if (session?.status !== 'running') return;
  await resetCrawl(ctx.db, crawlId);
  const started = Date.now();
  const controller = new AbortController();
  const onStop = () => controller.abort();
  stop.addEventListener('abort', onStop, { once: true });
  running.set(crawlId, controller);
  const poll = setInterval(() => {
    crawlStatus(ctx.db, crawlId)
      .then((s) => s === 'cancelled' && controller.abort())
      .catch(() => undefined);
  }, CANCEL_POLL_MS);

  const listed: { url: string; token_count: number }[] = [];
  let pending: CrawlPageInsert[] = [];
  let writes: Promise<void> = Promise.resolve();
  let dirty = false;
  const flush = () => {
    if (pending.length === 0) return writes;
    const batch = pending;
    pending = [];
    writes = writes.then(() => insertCrawlPages(ctx.db, crawlId, batch));
    return writes;
  };
  const push = (state: Parameters<typeof listEvent>[1]) =>
    ctx.realtime.emitToUser(session.user_id, eventOf(session.kind), listEvent(session, state));
  const ticker = setInterval(() => {
    if (!dirty) return;
    dirty = false;
    void flush().catch(() => undefined);
    push({ status: 'running', pages: listed, elapsedMs: Date.now() - started });
  }, PUSH_EVERY_MS);

  let ocr: OcrSession | undefined;
  const fetchOpts = { allowPrivate: ctx.env.ALLOW_PRIVATE_NETWORK };
  const renderer: ChromiumRenderer | undefined = ctx.env.CHROMIUM_PATH
    ? createChromiumRenderer(ctx.env.CHROMIUM_PATH, fetchOpts)
    : undefined;
  let outcome: CrawlOutcome;
  try {
    let imageText: ImageTextExtractor | undefined;
    if (session.fetch_img_content) {
      const reader = await openOcrSession();
      ocr = reader;
      imageText = async (img) => {
        await validateImage(img.bytes);
        return reader.recognize(img.bytes);
      };
    }
    const onPage = (page: CrawledPage) => {
      listed.push({ url: page.url, token_count: page.tokenCount });
      pending.push({
        url: page.url,
        position: listed.length,
        title: page.title,
        token_count: page.tokenCount,
        content: page.text,
      });
      dirty = true;
      if (pending.length >= FLUSH_AT) void flush().catch(() => undefined);
    };
    outcome = await crawl({
      seeds: session.kind === 'sitemap' ? (session.seeds ?? []) : [session.start_url],
      followLinks: session.kind === 'website',
      maxPages: session.page_cap,
      concurrency: ctx.env.CRAWL_CONCURRENCY,
      fetch: fetchOpts,
      signal: controller.signal,
      onPage,
      imageText,
      renderer: renderer?.render,
    });
    clearInterval(ticker);
    await flush();
    await saveStrippedTexts(ctx, crawlId, outcome.pages, listed);
  } finally {
    clearInterval(ticker);
    clearInterval(poll);
    stop.removeEventListener('abort', onStop);
    running.delete(crawlId);
    await ocr?.close();
    await renderer?.close();
  }
  if (stop.aborted) return; // worker shutting down: the job runs again after restart

  const cancelled =
    outcome.stoppedBy === 'cancelled' || (await crawlStatus(ctx.db, crawlId)) === 'cancelled';
  const error = outcome.pages.length === 0 && !cancelled ? failureMessage(outcome) : null;
  const status = cancelled ? 'cancelled' : error ? 'failed' : 'complete';
  await finishCrawl(ctx.db, crawlId, { status, error });
  push({
    status,
    pages: outcome.pages.map((p) => ({ url: p.url, token_count: p.tokenCount })),
    elapsedMs: Date.now() - started,
    message: error ?? (cancelled ? CRAWL_MESSAGES.crawlCancelled : undefined),
    hasError: Boolean(error),
  });
  ctx.log.info(
    {
      crawlId,
      pages: outcome.pages.length,
      fetched: outcome.fetched,
      errors: outcome.errors,
      stoppedBy: outcome.stoppedBy,
      ms: Date.now() - started,
    },
    'crawl finished',
  );
}

/** Site-wide boilerplate removal runs once the crawl ends: store the texts it shortened. */
async function saveStrippedTexts(
  ctx: AppContext,
  crawlId: string,
  pages: CrawledPage[],
  listed: { url: string; token_count: number }[],
): Promise<void> {
  const before = new Map(listed.map((p) => [p.url, p.token_count]));
  const changed = pages.filter((p) => before.get(p.url) !== p.tokenCount);
  if (changed.length === 0) return;
  await updateCrawlPageTexts(
    ctx.db,
    crawlId,
    changed.map((p) => ({ url: p.url, token_count: p.tokenCount, content: p.text })),
  );
}

function failureMessage(outcome: CrawlOutcome): string {
  if (outcome.firstError) return outcome.firstError.message;
  if (outcome.robotsBlocked > 0 && outcome.fetched === 0) return CRAWL_MESSAGES.robotsDisallowed;
  return CRAWL_MESSAGES.noPagesFound;
}

/** The job gave up (crashes, repeated errors): the session and the screen say so. */
export async function failCrawlSession(
  ctx: AppContext,
  crawlId: string,
  message: string,
): Promise<void> {
  const session = await findCrawlSession(ctx.db, crawlId);
  if (!session) return;
  await finishCrawl(ctx.db, crawlId, { status: 'failed', error: message });
  ctx.realtime.emitToUser(
    session.user_id,
    eventOf(session.kind),
    listEvent(session, { status: 'failed', pages: [], elapsedMs: 0, message, hasError: true }),
  );
}
