import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type CrawlPageInsert, insertCrawlPages } from './crawl.repo.ts';
import type { CrawledPage } from './crawler.ts';

const FLUSH_AT = 100;

/**
 * Stores a running crawl's pages in batches, one write after another, and keeps the list the
 * user sees (URL and characters per page, in crawl order).
 */
export class CrawlPageWriter {
  readonly listed: { url: string; token_count: number }[] = [];
  private pending: CrawlPageInsert[] = [];
  private writes: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly crawlId: string,
  ) {}

  add(page: CrawledPage): void {
    this.listed.push({ url: page.url, token_count: page.tokenCount });
    this.pending.push({
      url: page.url,
      position: this.listed.length,
      title: page.title,
      token_count: page.tokenCount,
      content: page.text,
      link_contexts: page.links,
    });
    this.dirty = true;
    if (this.pending.length >= FLUSH_AT) void this.flush().catch(() => undefined);
  }

  /** Writes what is pending; resolves once every write so far is done. */
  flush(): Promise<void> {
    if (this.pending.length === 0) return this.writes;
    const batch = this.pending;
    this.pending = [];
    this.writes = this.writes.then(() => insertCrawlPages(this.db, this.crawlId, batch));
    return this.writes;
  }

  /** Whether pages arrived since the last call. */
  takeDirty(): boolean {
    const dirty = this.dirty;
    this.dirty = false;
    return dirty;
  }
}
