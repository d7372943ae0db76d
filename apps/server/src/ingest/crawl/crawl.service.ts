import {
  CRAWL_MESSAGES,
  type CrawlListEvent,
  type CrawlStartedResponse,
  SOURCE_TYPES,
  type TrainingResponse,
} from '@docent/shared';
import type { AppContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { checkUrl, resolveChecked, SafeFetchError } from '../../lib/safe-fetch.ts';
import { planOfUser } from '../../modules/plans/plans.service.ts';
import { startTraining } from '../../modules/sources/training.service.ts';
import type { WebsiteSourceInput } from '../sources/crawl.ts';
import { listSitemapPages } from '../sources/sitemap.ts';
import {
  type CrawlSessionRow,
  findOwnedCrawl,
  insertCrawlSession,
  latestCrawlOfUser,
  listCrawlPages,
  markCrawlCancelled,
  pagesByUrls,
  pruneOldCrawls,
  runningCrawlsOfUser,
} from './crawl.repo.ts';
import { abortLocalCrawl, listEvent } from './crawl-runner.ts';
import { SitemapError } from './sitemap-reader.ts';
import { normalizeUrl } from './url.ts';

const CRAWLS_KEPT_PER_USER = 10;
const SITEMAP_LISTING_MS = 60_000;

/** "example.com/docs" means https://example.com/docs. */
export function startUrlOf(input: string): string {
  const t = input.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(t) && !/^[^:/]+:\d+(\/|$)/.test(t) ? t : `https://${t}`;
}

/**
 * Refuses what the guarded client would refuse, before a job is queued, so the user reads the
 * reason in the reply: bad scheme, internal address, a name resolving internally.
 */
async function preflight(ctx: AppContext, raw: string): Promise<string> {
  const allowPrivate = ctx.env.ALLOW_PRIVATE_NETWORK;
  try {
    const url = checkUrl(startUrlOf(raw), { allowPrivate });
    await resolveChecked(url.hostname, { allowPrivate });
    return normalizeUrl(url.href) ?? url.href;
  } catch (err) {
    if (err instanceof SafeFetchError) throw badRequest(err.message);
    throw err;
  }
}

async function queueCrawl(
  ctx: AppContext,
  userId: string,
  row: Omit<Parameters<typeof insertCrawlSession>[1], 'user_id' | 'page_cap'>,
): Promise<string> {
  const plan = await planOfUser(ctx.db, userId);
  for (const id of await runningCrawlsOfUser(ctx.db, userId)) {
    if (await markCrawlCancelled(ctx.db, id)) abortLocalCrawl(id);
  }
  await pruneOldCrawls(ctx.db, userId, CRAWLS_KEPT_PER_USER);
  const crawlId = await insertCrawlSession(ctx.db, {
    ...row,
    user_id: userId,
    page_cap: plan.maxPagesPerCrawl,
  });
  await ctx.jobs.enqueue(
    'crawl-site',
    { crawlId },
    { dedupeKey: `crawl-site:${crawlId}`, maxAttempts: 2 },
  );
  return crawlId;
}

/** Stage 1: crawl a whole site from this URL; pages stream over realtime. */
export async function startWebsiteCrawl(
  ctx: AppContext,
  userId: string,
  body: { website_url: string; fetch_img_content: boolean },
): Promise<CrawlStartedResponse> {
  const start = await preflight(ctx, body.website_url);
  const crawlId = await queueCrawl(ctx, userId, {
    kind: 'website',
    start_url: start,
    seeds: null,
    fetch_img_content: body.fetch_img_content,
  });
  return { stage: 1, crawl_id: crawlId, process_complete: 0 };
}

/** Stage 3: read the sitemap now (hostile XML is refused in the reply), fetch its pages in a job. */
export async function startSitemapCrawl(
  ctx: AppContext,
  userId: string,
  body: { website_sitemap: string; fetch_img_content: boolean },
): Promise<CrawlStartedResponse> {
  const sitemapUrl = await preflight(ctx, body.website_sitemap);
  const plan = await planOfUser(ctx.db, userId);
  let urls: string[];
  try {
    ({ urls } = await listSitemapPages(sitemapUrl, plan.maxPagesPerCrawl, {
      allowPrivate: ctx.env.ALLOW_PRIVATE_NETWORK,
      // The reply waits for the listing: bound it as a whole, not only per file.
      signal: AbortSignal.timeout(SITEMAP_LISTING_MS),
    }));
  } catch (err) {
    if (err instanceof SafeFetchError || err instanceof SitemapError) throw badRequest(err.message);
    throw err;
  }
  if (urls.length === 0) throw badRequest(CRAWL_MESSAGES.noPagesFound);
  const crawlId = await queueCrawl(ctx, userId, {
    kind: 'sitemap',
    start_url: sitemapUrl,
    seeds: urls,
    fetch_img_content: body.fetch_img_content,
  });
  return { stage: 3, crawl_id: crawlId, process_complete: 0, sitemap_urls: urls.length };
}

async function ownedOrLatest(ctx: AppContext, userId: string, crawlId: string | undefined) {
  const session =
    crawlId && crawlId !== 'latest'
      ? await findOwnedCrawl(ctx.db, userId, crawlId)
      : await latestCrawlOfUser(ctx.db, userId);
  if (!session) throw notFound(CRAWL_MESSAGES.crawlNotFound);
  return session;
}

function elapsedOf(s: CrawlSessionRow): number {
  return (s.finished_at ?? new Date()).getTime() - new Date(s.created_at).getTime();
}

/** GET upload/website/{crawl_id|latest}: the same list the realtime events carry. */
export async function crawlSnapshot(
  ctx: AppContext,
  userId: string,
  crawlId: string,
): Promise<CrawlListEvent> {
  const session = await ownedOrLatest(ctx, userId, crawlId);
  const pages = await listCrawlPages(ctx.db, session.id);
  return listEvent(session, {
    status: session.status,
    pages,
    elapsedMs: elapsedOf(session),
    message:
      session.error ?? (session.status === 'cancelled' ? CRAWL_MESSAGES.crawlCancelled : undefined),
    hasError: session.status === 'failed',
  });
}

export async function cancelCrawl(ctx: AppContext, userId: string, crawlId: string): Promise<void> {
  const session = await ownedOrLatest(ctx, userId, crawlId);
  if (await markCrawlCancelled(ctx.db, session.id)) abortLocalCrawl(session.id);
}

/**
 * Stage 2: train exactly the kept pages. Every URL must be one this user's crawl found (the
 * crawl named by crawl_id, else their latest); characters are recounted from stored pages.
 */
export async function trainCrawledPages(
  ctx: AppContext,
  userId: string,
  body: { selected_urls: string[]; bot_id: string | undefined; crawl_id: string | undefined },
): Promise<TrainingResponse> {
  const session = await ownedOrLatest(ctx, userId, body.crawl_id);
  if (session.status === 'running') throw conflict(CRAWL_MESSAGES.crawlRunning);
  if (session.status === 'failed') throw badRequest(CRAWL_MESSAGES.crawlNotFound);
  const urls = [...new Set(body.selected_urls)];
  const found = new Map((await pagesByUrls(ctx.db, session.id, urls)).map((p) => [p.url, p]));
  // A client may send a differently spelled URL of a listed page; its normal form must match.
  const resolved = urls.map((u) => found.get(u)?.url ?? normalizeUrl(u) ?? u);
  const missing = resolved.filter((u) => !found.has(u));
  if (missing.length > 0) {
    for (const p of await pagesByUrls(ctx.db, session.id, missing)) found.set(p.url, p);
  }
  if (resolved.some((u) => !found.has(u))) throw badRequest(CRAWL_MESSAGES.urlsNotFound);
  const keep = [...new Set(resolved)];
  const pages = keep.map(
    (u) => found.get(u) as { url: string; title: string; token_count: number },
  );
  const host = new URL(session.start_url).hostname;
  return startTraining(ctx, {
    userId,
    botId: body.bot_id,
    botName: pages[0]?.title || host,
    type: session.kind,
    sourceType: SOURCE_TYPES.website,
    title: `${host} (${pages.length} page${pages.length === 1 ? '' : 's'})`,
    origin: session.start_url,
    input: { crawl_id: session.id, urls: keep } satisfies WebsiteSourceInput,
    chars: pages.reduce((n, p) => n + p.token_count, 0),
    documentsTotal: pages.length,
    stage: 2,
  });
}
