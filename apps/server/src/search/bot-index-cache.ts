import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { blockPostingsCache } from './block-postings-cache.ts';
import type { DecodedTerms, TermHits } from './bm25.ts';
import type { LinkIndex } from './link-index.ts';
import {
  heldLinkIndex,
  type LinkIndexHolder,
  loadLinkIndex,
  OversizedLinkIndexes,
} from './link-index-cache.ts';
import {
  type BotStats,
  type ChunkRow,
  documentChunkIds,
  indexGeneration,
  loadChunks,
  loadNeighbours,
  loadQueryData,
  type NeighbourRow,
  type PostingRow,
  type QueryData,
} from './search.repo.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A term's decoded postings are kept only up to this share of the cache (32 MB / 64: a term in
 * ~16,000 chunks); beyond, they are decoded afresh for each question, as before they were kept.
 */
const MAX_DECODED_SHARE = 64;

/**
 * What retrieval reads of a bot's index, for one question: the term statistics and posting
 * lists of the query's terms, the retrieved chunks, their neighbours and, for a follow-up, the
 * chunks of the pages the conversation was answered from.
 */
export interface IndexView {
  /** With `decoded`: the terms' postings as scoring decoded them, kept with the rest. */
  queryData(terms: string[]): Promise<QueryData & { decoded?: DecodedTerms }>;
  chunks(ids: number[]): Promise<ChunkRow[]>;
  neighbours(around: { documentId: string; ordinal: number }[]): Promise<NeighbourRow[]>;
  /** Every chunk of the documents the given chunks belong to. */
  siblings(chunkIds: number[]): Promise<number[]>;
  /** What the bot's pages say about each other where they link (link-index.ts). */
  links(): Promise<LinkIndex>;
}

/** Everything read of one bot at one generation. */
interface BotEntry extends LinkIndexHolder {
  generation: number;
  stats: BotStats | undefined;
  dead: Map<number, Set<number>>;
  /** A term's posting lists (none: the bot's chunks do not hold it). */
  terms: Map<string, PostingRow[]>;
  /** A term's postings as BM25 scoring decoded them (default parameters). */
  decoded: Map<string, TermHits>;
  chunks: Map<number, ChunkRow>;
  /** By `document:ordinal`; null where the document has no such chunk. */
  neighbours: Map<string, NeighbourRow | null>;
  /** A chunk's document's chunk ids. */
  siblings: Map<number, number[]>;
  bytes: number;
}

/**
 * Keeps what retrieval read of each bot's index between questions, valid while the bot's index
 * generation (search_bot_stats.generation, migration 0022) stays the one it was read at: every
 * change to what a search of the bot can read (a document indexed or deleted with its chunks, a
 * merge) bumps it in the same transaction, in whichever process made it. So a question costs one
 * small read of the generation instead of four reads of statistics, postings, chunks and
 * neighbours, and a change is seen by the next question in every process. What a view reads
 * inside a transaction is not kept (it may be rolled back). Bots are evicted least recently used
 * first once the cache holds `maxBytes` of postings and texts.
 */
export class BotIndexCache {
  /** Map order is recency: the first entry is the least recently used. */
  private readonly bots = new Map<string, BotEntry>();
  private bytes = 0;
  /**
   * Bots whose questions alone outgrew the whole cache, with the generation they did it at:
   * read afresh each time until their index changes. Kept, such a bot's entry would be filled
   * and dropped over and over, its texts and postings garbage for the collector each time
   * (retrieval p95 on a 100,000-chunk bot 14 -> 19 ms).
   */
  private readonly oversized = new Map<string, number>();
  private readonly oversizedLinks = new OversizedLinkIndexes();

  constructor(private readonly maxBytes: number) {}

  /** `known`: the bot's generation as the caller has just read it (not read again then). */
  async open(db: Db, botId: string, known?: number): Promise<IndexView> {
    if (db.isTransaction) return uncachedView(db, botId);
    const generation = known ?? (await indexGeneration(db, botId));
    if (generation === undefined) return uncachedView(db, botId);
    if (this.oversized.get(botId) === generation) {
      return uncachedView(db, botId, () => this.oversizedLinks.get(db, botId, generation));
    }
    this.oversized.delete(botId);
    let entry = this.bots.get(botId);
    if (entry?.generation !== generation) {
      if (entry) this.drop(botId);
      entry = newEntry(generation);
    } else this.bots.delete(botId);
    this.bots.set(botId, entry);
    return this.view(db, botId, entry);
  }

  get size(): { bots: number; bytes: number } {
    return { bots: this.bots.size, bytes: this.bytes };
  }

  private view(db: Db, botId: string, entry: BotEntry): IndexView {
    const grow = (bytes: number) => this.grow(botId, entry, bytes);
    const decoded = this.decodedTerms(entry, grow);
    return {
      async queryData(terms) {
        if (entry.stats && terms.every((t) => entry.terms.has(t))) {
          return { ...dataOf(entry, terms), decoded };
        }
        const data = await loadQueryData(db, botId, terms, blockPostingsCache);
        // Read at another generation (the index changed meanwhile): right, but not this entry's.
        if (data.generation !== entry.generation) return data;
        entry.stats = data.stats;
        entry.dead = data.dead;
        let bytes = 0;
        for (const term of terms) {
          const lists = data.lists.filter((l) => l.term === term);
          if (!entry.terms.has(term)) bytes += lists.reduce((n, l) => n + l.postings.length, 0);
          entry.terms.set(term, lists);
        }
        grow(bytes);
        return { ...data, decoded };
      },
      async chunks(ids) {
        const missing = ids.filter((id) => !entry.chunks.has(id));
        if (missing.length > 0) {
          let bytes = 0;
          for (const row of await loadChunks(db, botId, missing)) {
            entry.chunks.set(row.id, row);
            bytes += chunkBytes(row);
          }
          grow(bytes);
        }
        return ids.flatMap((id) => entry.chunks.get(id) ?? []);
      },
      async neighbours(around) {
        const keys = around.flatMap((a) => [
          placeKey(a.documentId, a.ordinal - 1),
          placeKey(a.documentId, a.ordinal + 1),
        ]);
        const missing = around.filter(
          (a) =>
            !entry.neighbours.has(placeKey(a.documentId, a.ordinal - 1)) ||
            !entry.neighbours.has(placeKey(a.documentId, a.ordinal + 1)),
        );
        if (missing.length > 0) {
          const rows = await loadNeighbours(db, botId, missing);
          for (const a of missing) {
            entry.neighbours.set(placeKey(a.documentId, a.ordinal - 1), null);
            entry.neighbours.set(placeKey(a.documentId, a.ordinal + 1), null);
          }
          let bytes = 0;
          for (const row of rows) {
            entry.neighbours.set(placeKey(row.document_id, row.ordinal), row);
            bytes += chunkBytes(row);
          }
          grow(bytes);
        }
        return [...new Set(keys)].flatMap((k) => entry.neighbours.get(k) ?? []);
      },
      async siblings(chunkIds) {
        const missing = chunkIds.filter((id) => !entry.siblings.has(id));
        if (missing.length > 0) {
          const found = await documentChunkIds(db, botId, missing);
          for (const id of missing) entry.siblings.set(id, found.get(id) ?? []);
          grow(8 * [...new Set(found.values())].reduce((n, ids) => n + ids.length, 0));
        }
        const documents = new Set(chunkIds.map((id) => entry.siblings.get(id) ?? []));
        return [...documents].flat();
      },
      links: () => heldLinkIndex(db, botId, entry, grow),
    };
  }

  /** The entry's decoded postings, kept while they are small enough to be worth their room. */
  private decodedTerms(entry: BotEntry, grow: (bytes: number) => void): DecodedTerms {
    const maxDecoded = this.maxBytes / MAX_DECODED_SHARE;
    return {
      get: (term) => entry.decoded.get(term),
      set(term, hits) {
        const bytes = hits.ids.byteLength + hits.tfw.byteLength;
        // A term most of a large bot's chunks hold decodes into megabytes: kept, a few such
        // questions would fill the cache and evict the bot, texts and all, over and over.
        if (entry.decoded.has(term) || bytes > maxDecoded) return;
        entry.decoded.set(term, hits);
        grow(bytes);
      },
    };
  }

  /** Counts what an entry now holds more; over the limit, least recently used bots go first. */
  private grow(botId: string, entry: BotEntry, bytes: number): void {
    if (this.bots.get(botId) !== entry) return; // replaced meanwhile by a newer generation
    entry.bytes += bytes;
    this.bytes += bytes;
    if (entry.bytes > this.maxBytes) {
      this.drop(botId);
      this.oversized.set(botId, entry.generation);
      return;
    }
    for (const oldest of this.bots.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(botId: string): void {
    const entry = this.bots.get(botId);
    if (!entry) return;
    this.bots.delete(botId);
    this.bytes -= entry.bytes;
  }
}

function newEntry(generation: number): BotEntry {
  return {
    generation,
    stats: undefined,
    dead: new Map(),
    terms: new Map(),
    decoded: new Map(),
    chunks: new Map(),
    neighbours: new Map(),
    siblings: new Map(),
    links: undefined,
    bytes: 0,
  };
}

const placeKey = (documentId: string, ordinal: number) => `${documentId}:${ordinal}`;

function dataOf(entry: BotEntry, terms: string[]): QueryData {
  return {
    stats: entry.stats,
    generation: entry.generation,
    lists: terms.flatMap((t) => entry.terms.get(t) ?? []),
    dead: entry.dead,
  };
}

/** Strings are counted at two bytes a character (V8's two-byte strings; one-byte are less). */
function chunkBytes(row: { text: string; heading: string | null }): number {
  return 2 * (row.text.length + (row.heading?.length ?? 0)) + 200;
}

/**
 * Reads everything every time: inside a transaction, for a bot never indexed, or for one too big
 * to keep.
 */
function uncachedView(
  db: Db,
  botId: string,
  links: () => Promise<LinkIndex> = () => loadLinkIndex(db, botId),
): IndexView {
  return {
    queryData: (terms) => loadQueryData(db, botId, terms, blockPostingsCache),
    chunks: (ids) => loadChunks(db, botId, ids),
    neighbours: (around) => loadNeighbours(db, botId, around),
    siblings: async (chunkIds) => {
      const found = await documentChunkIds(db, botId, chunkIds);
      return [...new Set(found.values())].flat();
    },
    links,
  };
}

/**
 * The process's cache. 32 MB holds the texts and common terms' postings of a few large bots
 * (the Git manual's ~4,000 chunks are ~8 MB of text); block postings are shared with
 * blockPostingsCache, not copied.
 */
export const botIndexCache = new BotIndexCache(32 * 1024 * 1024);
