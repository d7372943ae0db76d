import { looksNonHtml, normalizeUrl, siteKey } from './url.ts';

export interface FrontierItem {
  url: string;
  depth: number;
}

/**
 * What a crawl still has to visit, breadth first: normalised URLs of the crawl's own sites,
 * each once, and at most `maxSeen` of them. It also knows those sites (the start page may move
 * the site: http → https, bare → www).
 */
export class CrawlFrontier {
  readonly seen = new Set<string>();
  readonly sites = new Set<string>();
  private readonly queue: (FrontierItem | undefined)[] = [];
  private head = 0;
  /** Raw link strings already judged: navigation repeats the same links on every page. */
  private readonly judged = new Set<string>();

  constructor(
    seeds: string[],
    private readonly maxSeen: number,
  ) {
    for (const s of seeds) {
      const url = normalizeUrl(s);
      if (url) this.sites.add(siteKey(url));
    }
    for (const s of seeds) this.add(s, 0);
  }

  add(raw: string, depth: number): void {
    if (this.judged.has(raw)) return;
    if (this.judged.size < this.maxSeen * 4) this.judged.add(raw);
    const url = normalizeUrl(raw);
    if (!url || this.seen.has(url) || this.seen.size >= this.maxSeen) return;
    if (!this.sites.has(siteKey(url)) || looksNonHtml(url)) return;
    this.seen.add(url);
    this.queue.push({ url, depth });
  }

  get isEmpty(): boolean {
    return this.head >= this.queue.length;
  }

  /** The next URL to visit; its slot is released so a long crawl does not keep them all. */
  take(): FrontierItem | undefined {
    if (this.isEmpty) return undefined;
    const item = this.queue[this.head];
    this.queue[this.head++] = undefined;
    return item;
  }
}
