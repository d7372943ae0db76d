import { CRAWL_MESSAGES } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { Env } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';
import { validateImage } from '../extract/image-validate.ts';
import { type OcrSession, openOcrSession } from '../extract/ocr.ts';
import {
  type CrawlSessionRow,
  crawlStatus,
  findCrawlSession,
  finishCrawl,
  resetCrawl,
  updateCrawlPageTexts,
} from './crawl.repo.ts';
import { announceCrawl, listEvent, pushCrawlList } from './crawl-events.ts';
import { CrawlPageWriter } from './crawl-page-writer.ts';
import { type CrawledPage, type CrawlOutcome, crawl } from './crawler.ts';
import type { ImageTextExtractor } from './fetch-page.ts';
import { type ChromiumRenderer, createChromiumRenderer } from './renderer.ts';

const PUSH_EVERY_MS = 400;
const CANCEL_POLL_MS = 1_500;

/** Crawls of this process, so a cancel request stops them at once (other processes poll). */
const running = new Map<string, AbortController>();

/** What a crawl run uses: the database, its owner's sockets and the crawl settings. */
export interface CrawlRunDeps {
  db: Kysely<DB>;
  log: Logger;
  realtime: Pick<RealtimeHub, 'emitToUser'>;
  env: Pick<Env, 'ALLOW_PRIVATE_NETWORK' | 'CHROMIUM_PATH' | 'CRAWL_CONCURRENCY'>;
}

export function abortLocalCrawl(crawlId: string): void {
  running.get(crawlId)?.abort();
}

/**
 * The crawl job: runs the crawler (or fetches a sitemap's pages), stores pages in batches and
 * pushes the growing list to the user; the final push carries process_complete 1. A retried
 * attempt starts over from an empty list.
 */
export async function runCrawlSession(
  deps: CrawlRunDeps,
  crawlId: string,
  stop: AbortSignal,
): Promise<void> {
  const session = await findCrawlSession(deps.db, crawlId);
  if (session?.status !== 'running') return;
  await resetCrawl(deps.db, crawlId);
  const started = Date.now();
  const cancel = watchCancellation(deps, crawlId, stop);
  const writer = new CrawlPageWriter(deps.db, crawlId);
  const push = (state: Parameters<typeof listEvent>[1]) =>
    pushCrawlList(deps.realtime, session, listEvent(session, state));
  announceCrawl(deps.realtime, session);
  const ticker = setInterval(() => {
    if (!writer.takeDirty()) return;
    void writer.flush().catch(() => undefined);
    push({ status: 'running', pages: writer.listed, elapsedMs: Date.now() - started });
  }, PUSH_EVERY_MS);

  let tools: CrawlTools | undefined;
  let outcome: CrawlOutcome;
  try {
    tools = await openCrawlTools(deps, session.fetch_img_content);
    outcome = await crawl({
      seeds: session.kind === 'sitemap' ? (session.seeds ?? []) : [session.start_url],
      followLinks: session.kind === 'website',
      maxPages: session.page_cap,
      concurrency: deps.env.CRAWL_CONCURRENCY,
      fetch: tools.fetchOpts,
      signal: cancel.signal,
      onPage: (page) => writer.add(page),
      imageText: tools.imageText,
      renderer: tools.renderer?.render,
    });
    clearInterval(ticker);
    await writer.flush();
    await saveStrippedTexts(deps, crawlId, outcome.pages, writer.listed);
  } finally {
    clearInterval(ticker);
    cancel.dispose();
    await tools?.close();
  }
  if (stop.aborted) return; // worker shutting down: the job runs again after restart
  await finishSession(deps, session, outcome, started);
}

/**
 * Stops this process's crawl when the worker stops, when abortLocalCrawl is called, or when
 * another process marked the session cancelled (polled).
 */
function watchCancellation(deps: Pick<CrawlRunDeps, 'db'>, crawlId: string, stop: AbortSignal) {
  const controller = new AbortController();
  const onStop = () => controller.abort();
  stop.addEventListener('abort', onStop, { once: true });
  running.set(crawlId, controller);
  const poll = setInterval(() => {
    crawlStatus(deps.db, crawlId)
      .then((s) => s === 'cancelled' && controller.abort())
      .catch(() => undefined);
  }, CANCEL_POLL_MS);
  return {
    signal: controller.signal,
    dispose() {
      clearInterval(poll);
      stop.removeEventListener('abort', onStop);
      running.delete(crawlId);
    },
  };
}

interface CrawlTools {
  fetchOpts: { allowPrivate: boolean };
  imageText?: ImageTextExtractor | undefined;
  renderer?: ChromiumRenderer | undefined;
  close(): Promise<void>;
}

/** The optional helpers of a crawl: OCR for images on pages, Chromium for script-only pages. */
async function openCrawlTools(deps: CrawlRunDeps, readImages: boolean): Promise<CrawlTools> {
  const fetchOpts = { allowPrivate: deps.env.ALLOW_PRIVATE_NETWORK };
  const renderer = deps.env.CHROMIUM_PATH
    ? createChromiumRenderer(deps.env.CHROMIUM_PATH, fetchOpts)
    : undefined;
  let ocr: OcrSession | undefined;
  const close = async () => {
    await ocr?.close();
    await renderer?.close();
  };
  try {
    if (readImages) ocr = await openOcrSession();
  } catch (err) {
    await close();
    throw err;
  }
  const reader = ocr;
  const imageText: ImageTextExtractor | undefined = reader
    ? async (img) => {
        await validateImage(img.bytes);
        return reader.recognize(img.bytes);
      }
    : undefined;
  return { fetchOpts, imageText, renderer, close };
}

/** Records how the crawl ended and pushes the final list (process_complete 1). */
async function finishSession(
  deps: CrawlRunDeps,
  session: CrawlSessionRow,
  outcome: CrawlOutcome,
  started: number,
): Promise<void> {
  const cancelled =
    outcome.stoppedBy === 'cancelled' || (await crawlStatus(deps.db, session.id)) === 'cancelled';
  const error = outcome.pages.length === 0 && !cancelled ? failureMessage(outcome) : null;
  const status = cancelled ? 'cancelled' : error ? 'failed' : 'complete';
  await finishCrawl(deps.db, session.id, { status, error });
  pushCrawlList(
    deps.realtime,
    session,
    listEvent(session, {
      status,
      pages: outcome.pages.map((p) => ({ url: p.url, token_count: p.tokenCount })),
      elapsedMs: Date.now() - started,
      message: error ?? (cancelled ? CRAWL_MESSAGES.crawlCancelled : undefined),
      hasError: Boolean(error),
    }),
  );
  deps.log.info(
    {
      crawlId: session.id,
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
  deps: Pick<CrawlRunDeps, 'db'>,
  crawlId: string,
  pages: CrawledPage[],
  listed: { url: string; token_count: number }[],
): Promise<void> {
  const before = new Map(listed.map((p) => [p.url, p.token_count]));
  const changed = pages.filter((p) => before.get(p.url) !== p.tokenCount);
  if (changed.length === 0) return;
  await updateCrawlPageTexts(
    deps.db,
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
  deps: Pick<CrawlRunDeps, 'db' | 'realtime'>,
  crawlId: string,
  message: string,
): Promise<void> {
  const session = await findCrawlSession(deps.db, crawlId);
  if (!session) return;
  await finishCrawl(deps.db, crawlId, { status: 'failed', error: message });
  pushCrawlList(
    deps.realtime,
    session,
    listEvent(session, { status: 'failed', pages: [], elapsedMs: 0, message, hasError: true }),
  );
}
