import {
  CRAWL_MESSAGES,
  type CrawlListEvent,
  type CrawlStartedResponse,
  SOURCE_TYPES,
  type TrainingResponse,
} from '@docent/shared';
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
} from '../../ingest/crawl/crawl.repo.ts';
import { listEvent } from '../../ingest/crawl/crawl-events.ts';
import { abortLocalCrawl } from '../../ingest/crawl/crawl-runner.ts';
import { SitemapError } from '../../ingest/crawl/sitemap-reader.ts';
import { normalizeUrl } from '../../ingest/crawl/url.ts';
import { listSitemapPages } from '../../ingest/sources/sitemap.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { checkUrl, resolveChecked, SafeFetchError } from '../../lib/safe-fetch.ts';
import { planOfUser } from '../plans/plans.service.ts';
import type { EnvOf, ServiceDeps } from '../service-deps.ts';
import { type BotTarget, startTraining } from '../sources/training.service.ts';

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
async function preflight(deps: EnvOf<'ALLOW_PRIVATE_NETWORK'>, raw: string): Promise<string> {
  const allowPrivate = deps.env.ALLOW_PRIVATE_NETWORK;
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
  deps: Pick<ServiceDeps, 'db' | 'jobs'>,
  userId: string,
  row: Omit<Parameters<typeof insertCrawlSession>[1], 'user_id' | 'page_cap'>,
): Promise<string> {
  const plan = await planOfUser(deps.db, userId);
  for (const id of await runningCrawlsOfUser(deps.db, userId)) {
    if (await markCrawlCancelled(deps.db, id)) abortLocalCrawl(id);
  }
  await pruneOldCrawls(deps.db, userId, CRAWLS_KEPT_PER_USER);
  const crawlId = await insertCrawlSession(deps.db, {
    ...row,
    user_id: userId,
    page_cap: plan.maxPagesPerCrawl,
  });
  await deps.jobs.enqueue(
    'crawl-site',
    { crawlId },
    { dedupeKey: `crawl-site:${crawlId}`, maxAttempts: 2 },
  );
  return crawlId;
}

/** Stage 1: crawl a whole site from this URL; pages stream over realtime. */
export async function startWebsiteCrawl(
  deps: Pick<ServiceDeps, 'db' | 'jobs'> & EnvOf<'ALLOW_PRIVATE_NETWORK'>,
  userId: string,
  body: { website_url: string; fetch_img_content: boolean },
): Promise<CrawlStartedResponse> {
  const start = await preflight(deps, body.website_url);
  const crawlId = await queueCrawl(deps, userId, {
    kind: 'website',
    start_url: start,
    seeds: null,
    fetch_img_content: body.fetch_img_content,
  });
  return { stage: 1, crawl_id: crawlId, process_complete: 0 };
}

/** Stage 3: read the sitemap now (hostile XML is refused in the reply), fetch its pages in a job. */
export async function startSitemapCrawl(
  deps: Pick<ServiceDeps, 'db' | 'jobs'> & EnvOf<'ALLOW_PRIVATE_NETWORK'>,
  userId: string,
  body: { website_sitemap: string; fetch_img_content: boolean },
): Promise<CrawlStartedResponse> {
  const sitemapUrl = await preflight(deps, body.website_sitemap);
  const plan = await planOfUser(deps.db, userId);
  let urls: string[];
  try {
    ({ urls } = await listSitemapPages(sitemapUrl, plan.maxPagesPerCrawl, {
      allowPrivate: deps.env.ALLOW_PRIVATE_NETWORK,
      // The reply waits for the listing: bound it as a whole, not only per file.
      signal: AbortSignal.timeout(SITEMAP_LISTING_MS),
    }));
  } catch (err) {
    if (err instanceof SafeFetchError || err instanceof SitemapError) throw badRequest(err.message);
    throw err;
  }
  if (urls.length === 0) throw badRequest(CRAWL_MESSAGES.noPagesFound);
  const crawlId = await queueCrawl(deps, userId, {
    kind: 'sitemap',
    start_url: sitemapUrl,
    seeds: urls,
    fetch_img_content: body.fetch_img_content,
  });
  return { stage: 3, crawl_id: crawlId, process_complete: 0, sitemap_urls: urls.length };
}

async function ownedOrLatest(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  crawlId: string | undefined,
) {
  const session =
    crawlId && crawlId !== 'latest'
      ? await findOwnedCrawl(deps.db, userId, crawlId)
      : await latestCrawlOfUser(deps.db, userId);
  if (!session) throw notFound(CRAWL_MESSAGES.crawlNotFound);
  return session;
}

function elapsedOf(s: CrawlSessionRow): number {
  return (s.finished_at ?? new Date()).getTime() - new Date(s.created_at).getTime();
}

/** GET upload/website/{crawl_id|latest}: the same list the realtime events carry. */
export async function crawlSnapshot(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  crawlId: string,
): Promise<CrawlListEvent> {
  const session = await ownedOrLatest(deps, userId, crawlId);
  const pages = await listCrawlPages(deps.db, session.id);
  return listEvent(session, {
    status: session.status,
    pages,
    elapsedMs: elapsedOf(session),
    message:
      session.error ?? (session.status === 'cancelled' ? CRAWL_MESSAGES.crawlCancelled : undefined),
    hasError: session.status === 'failed',
  });
}

export async function cancelCrawl(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  crawlId: string,
): Promise<void> {
  const session = await ownedOrLatest(deps, userId, crawlId);
  if (await markCrawlCancelled(deps.db, session.id)) abortLocalCrawl(session.id);
}

/**
 * Stage 2: train exactly the kept pages. Every URL must be one this user's crawl found (the
 * crawl named by crawl_id, else their latest); characters are recounted from stored pages.
 */
export async function trainCrawledPages(
  deps: Pick<ServiceDeps, 'db' | 'jobs'>,
  userId: string,
  body: BotTarget & { selected_urls: string[]; crawl_id: string | undefined },
): Promise<TrainingResponse> {
  const session = await ownedOrLatest(deps, userId, body.crawl_id);
  if (session.status === 'running') throw conflict(CRAWL_MESSAGES.crawlRunning);
  if (session.status === 'failed') throw badRequest(CRAWL_MESSAGES.crawlNotFound);
  const urls = [...new Set(body.selected_urls)];
  const found = new Map((await pagesByUrls(deps.db, session.id, urls)).map((p) => [p.url, p]));
  // A client may send a differently spelled URL of a listed page; its normal form must match.
  const resolved = urls.map((u) => found.get(u)?.url ?? normalizeUrl(u) ?? u);
  const missing = resolved.filter((u) => !found.has(u));
  if (missing.length > 0) {
    for (const p of await pagesByUrls(deps.db, session.id, missing)) found.set(p.url, p);
  }
  if (resolved.some((u) => !found.has(u))) throw badRequest(CRAWL_MESSAGES.urlsNotFound);
  const keep = [...new Set(resolved)];
  const pages = keep.map(
    (u) => found.get(u) as { url: string; title: string; token_count: number },
  );
  const host = new URL(session.start_url).hostname;
  return startTraining(deps, {
    userId,
    target: body,
    botName: pages[0]?.title || host,
    sourceType: SOURCE_TYPES.website,
    title: `${host} (${pages.length} page${pages.length === 1 ? '' : 's'})`,
    origin: session.start_url,
    source: { type: session.kind, input: { crawl_id: session.id, urls: keep } },
    chars: pages.reduce((n, p) => n + p.token_count, 0),
    documentsTotal: pages.length,
    stage: 2,
  });
}
