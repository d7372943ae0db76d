import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { CrawlKind, CrawlStatus } from '../../db/tables/crawl.ts';
import type { PageLink } from '../extract/html.ts';
import { storable } from '../normalize.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface CrawlSessionRow {
  id: string;
  user_id: string;
  kind: CrawlKind;
  start_url: string;
  seeds: string[] | null;
  fetch_img_content: boolean;
  page_cap: number;
  status: CrawlStatus;
  error: string | null;
  page_count: number;
  char_count: number;
  created_at: Date;
  finished_at: Date | null;
}

export async function insertCrawlSession(
  db: Db,
  row: {
    user_id: string;
    kind: CrawlKind;
    start_url: string;
    seeds: string[] | null;
    fetch_img_content: boolean;
    page_cap: number;
  },
): Promise<string> {
  const { id } = await db
    .insertInto('crawl_sessions')
    .values({
      ...row,
      seeds: row.seeds ? JSON.stringify(row.seeds) : null,
      char_count: 0,
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findCrawlSession(db: Db, id: string): Promise<CrawlSessionRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return (await db
    .selectFrom('crawl_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as CrawlSessionRow | undefined;
}

/** Another user's crawl is as good as missing. */
export async function findOwnedCrawl(
  db: Db,
  userId: string,
  id: string,
): Promise<CrawlSessionRow | undefined> {
  const row = await findCrawlSession(db, id);
  return row && row.user_id === userId ? row : undefined;
}

export async function latestCrawlOfUser(
  db: Db,
  userId: string,
): Promise<CrawlSessionRow | undefined> {
  return (await db
    .selectFrom('crawl_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()) as CrawlSessionRow | undefined;
}

export async function crawlStatus(db: Db, id: string): Promise<CrawlStatus | undefined> {
  const row = await db
    .selectFrom('crawl_sessions')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status;
}

/** A job attempt starts from scratch: a retried crawl never lists a page twice. */
export async function resetCrawl(db: Db, id: string): Promise<void> {
  await db.deleteFrom('crawl_pages').where('crawl_id', '=', id).execute();
  await db
    .updateTable('crawl_sessions')
    .set({ status: 'running', error: null, page_count: 0, char_count: 0, finished_at: null })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export interface CrawlPageInsert {
  url: string;
  position: number;
  title: string;
  token_count: number;
  content: string;
  link_contexts: PageLink[];
}

export async function insertCrawlPages(
  db: Db,
  crawlId: string,
  pages: CrawlPageInsert[],
): Promise<void> {
  for (let i = 0; i < pages.length; i += 200) {
    const batch = pages.slice(i, i + 200).map((p) => ({
      crawl_id: crawlId,
      url: storable(p.url),
      position: p.position,
      title: storable(p.title).slice(0, 500),
      token_count: p.token_count,
      content: storable(p.content),
      link_contexts: JSON.stringify(
        p.link_contexts.map((l) => ({ ...l, url: storable(l.url), text: storable(l.text) })),
      ),
    }));
    await db
      .insertInto('crawl_pages')
      .values(batch)
      .onConflict((oc) => oc.columns(['crawl_id', 'url']).doNothing())
      .execute();
  }
}

/** Rewrites texts changed after the crawl (site-wide boilerplate removal). */
export async function updateCrawlPageTexts(
  db: Db,
  crawlId: string,
  pages: { url: string; token_count: number; content: string }[],
): Promise<void> {
  for (const p of pages) {
    await db
      .updateTable('crawl_pages')
      .set({ token_count: p.token_count, content: storable(p.content) })
      .where('crawl_id', '=', crawlId)
      .where('url', '=', storable(p.url))
      .execute();
  }
}

export async function finishCrawl(
  db: Db,
  id: string,
  result: { status: CrawlStatus; error: string | null },
): Promise<void> {
  await db
    .updateTable('crawl_sessions')
    .set({
      status: result.status,
      error: result.error,
      finished_at: new Date(),
      page_count: sql<number>`(SELECT count(*) FROM crawl_pages WHERE crawl_id = ${id})`,
      char_count: sql<number>`(SELECT coalesce(sum(token_count), 0) FROM crawl_pages WHERE crawl_id = ${id})`,
    })
    .where('id', '=', id)
    .where('status', 'in', ['running', 'cancelled'])
    .execute();
}

/** Crawls of this user still running (one at a time per user: a new one replaces them). */
export async function runningCrawlsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('crawl_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'running')
    .execute();
  return rows.map((r) => r.id);
}

export async function markCrawlCancelled(db: Db, id: string): Promise<boolean> {
  const res = await db
    .updateTable('crawl_sessions')
    .set({ status: 'cancelled', finished_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function listCrawlPages(
  db: Db,
  crawlId: string,
): Promise<{ url: string; token_count: number }[]> {
  return db
    .selectFrom('crawl_pages')
    .select(['url', 'token_count'])
    .where('crawl_id', '=', crawlId)
    .orderBy('position')
    .execute();
}

export async function pagesByUrls(
  db: Db,
  crawlId: string,
  urls: string[],
): Promise<{ url: string; title: string; token_count: number }[]> {
  if (urls.length === 0) return [];
  const out: { url: string; title: string; token_count: number }[] = [];
  for (let i = 0; i < urls.length; i += 500) {
    const rows = await db
      .selectFrom('crawl_pages')
      .select(['url', 'title', 'token_count'])
      .where('crawl_id', '=', crawlId)
      .where('url', 'in', urls.slice(i, i + 500))
      .execute();
    out.push(...rows);
  }
  return out;
}

export async function pageTextsByUrls(
  db: Db,
  crawlId: string,
  urls: string[],
): Promise<{ url: string; title: string; content: string; link_contexts: PageLink[] }[]> {
  if (urls.length === 0) return [];
  return db
    .selectFrom('crawl_pages')
    .select(['url', 'title', 'content', 'link_contexts'])
    .where('crawl_id', '=', crawlId)
    .where('url', 'in', urls)
    .execute();
}

/**
 * Keeps a user's most recent crawls (and any a source still reads); older page texts go.
 * Runs when a new crawl starts.
 */
export async function pruneOldCrawls(db: Db, userId: string, keep: number): Promise<void> {
  await sql`
    DELETE FROM crawl_sessions c
    WHERE c.user_id = ${userId}
      AND c.id NOT IN (
        SELECT id FROM crawl_sessions WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${keep}
      )
      AND NOT EXISTS (
        SELECT 1 FROM sources s
        WHERE s.input->>'crawl_id' = c.id::text AND s.status IN ('pending', 'processing')
      )`.execute(db);
}
