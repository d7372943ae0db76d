import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Count, Timestamp } from './column-types.ts';

export type CrawlKind = 'website' | 'sitemap';
export type CrawlStatus = 'running' | 'complete' | 'failed' | 'cancelled';

export interface CrawlSessionsTable {
  id: Generated<string>;
  user_id: string;
  kind: CrawlKind;
  start_url: string;
  seeds: JSONColumnType<string[] | null, string | null, string | null>;
  fetch_img_content: Generated<boolean>;
  page_cap: number;
  status: ColumnType<CrawlStatus, CrawlStatus | undefined, CrawlStatus>;
  error: string | null;
  page_count: Generated<number>;
  char_count: Count;
  created_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface CrawlPagesTable {
  crawl_id: string;
  url: string;
  position: number;
  title: Generated<string>;
  token_count: number;
  content: string;
  /** The page's links to other pages with the words around them (ingest/extract/html.ts). */
  link_contexts: ColumnType<
    { url: string; anchor?: string; text: string }[],
    string | undefined,
    string
  >;
}

export interface CrawlTables {
  crawl_sessions: CrawlSessionsTable;
  crawl_pages: CrawlPagesTable;
}
