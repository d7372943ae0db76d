/**
 * Posting lists of merged index blocks kept in memory between queries. Reading a common
 * term's postings costs far more in transfer (the database encodes, sends and the driver
 * parses ~1 MB per query on a 100k-chunk bot) than in lookup, and a block's postings never
 * change once written — merges write new blocks and delete old ones, deletions are masked by
 * tombstones read with every query — so a cached (block, term) list is never stale, in any
 * process. Entries are per (bot, term), least recently used evicted first; a query refreshes
 * its terms' entries with the blocks that hold them now, so merged-away blocks drop out.
 */
export class BlockPostingsCache {
  /** Map order is recency: the first entry is the least recently used. */
  private readonly entries = new Map<string, Map<number, Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The cached blocks of the bot's term (marking the entry recently used). */
  blocks(botId: string, term: string): Map<number, Buffer> | undefined {
    const key = entryKey(botId, term);
    const blocks = this.entries.get(key);
    if (blocks) {
      this.entries.delete(key);
      this.entries.set(key, blocks);
    }
    return blocks;
  }

  /** Replaces the term's entry with the blocks that hold it now. */
  set(botId: string, term: string, blocks: Map<number, Buffer>): void {
    const key = entryKey(botId, term);
    this.drop(key);
    const size = sizeOf(blocks);
    if (size === 0 || size > this.maxBytes) return;
    this.entries.set(key, blocks);
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /** Forgets everything (the latency benchmark measures cold queries this way). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private drop(key: string): void {
    const blocks = this.entries.get(key);
    if (!blocks) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(blocks);
  }
}

function entryKey(botId: string, term: string): string {
  return `${botId}\u0000${term}`;
}

function sizeOf(blocks: Map<number, Buffer>): number {
  let n = 0;
  for (const b of blocks.values()) n += b.length;
  return n;
}

/**
 * The process's cache. 64 MB holds every common term of a few large bots: on the latency
 * benchmark's 100k-chunk bot the whole merged index is 71 MB, and a query reads ~0.5 MB.
 */
export const blockPostingsCache = new BlockPostingsCache(64 * 1024 * 1024);
