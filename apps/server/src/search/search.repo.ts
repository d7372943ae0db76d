import { type Kysely, sql, type Transaction } from 'kysely';
import { KEEP_PREPARED } from '../db/prepared-statements.ts';
import type { DB } from '../db/schema.ts';
import type { FieldTotals, SearchBotStatsTable } from '../db/tables/search.ts';
import type { BlockPostingsCache } from './block-postings-cache.ts';
import { TERMS_VERSION } from './terms-version.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Rows per INSERT: arrays travel as two parameters, so this only bounds statement size. */
const INSERT_BATCH = 5_000;

export interface SegmentWrite {
  documentId: string;
  chunkIds: number[];
  totals: FieldTotals;
  terms: string[];
  postings: Buffer[];
}

/**
 * Drops a document from the index: its own segment cascades away; if its postings were
 * already merged into a block, the trigger masks them with tombstones.
 */
export async function deleteSegment(db: Db, documentId: string): Promise<void> {
  await db.deleteFrom('search_documents').where('document_id', '=', documentId).execute();
}

/**
 * Replaces the documents' segments (all of one bot); call inside a transaction so readers
 * never see half.
 */
export async function replaceSegments(db: Db, botId: string, segs: SegmentWrite[]): Promise<void> {
  if (segs.length === 0) return;
  await db
    .deleteFrom('search_documents')
    .where(
      'document_id',
      'in',
      segs.map((s) => s.documentId),
    )
    .execute();
  const live = segs.filter((s) => s.chunkIds.length > 0);
  if (live.length === 0) return;
  await db
    .insertInto('search_documents')
    .values(
      live.map((seg) => ({
        document_id: seg.documentId,
        bot_id: botId,
        block_id: null,
        chunk_ids: seg.chunkIds,
        chunk_count: seg.chunkIds.length,
        terms_version: TERMS_VERSION,
        ...seg.totals,
      })),
    )
    .execute();
  const rows = live.flatMap((seg) =>
    seg.terms.map((term, i) => ({
      doc: seg.documentId,
      term,
      postings: seg.postings[i] as Buffer,
    })),
  );
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const part = rows.slice(i, i + INSERT_BATCH);
    await sql`
      INSERT INTO search_postings (document_id, bot_id, term, postings)
      SELECT t.doc, ${botId}::uuid, t.term, t.postings
      FROM unnest(${part.map((r) => r.doc)}::uuid[], ${part.map((r) => r.term)}::text[],
                  ${part.map((r) => r.postings)}::bytea[]) AS t(doc, term, postings)`.execute(db);
  }
}

export type BotStats = Omit<SearchBotStatsTable, 'bot_id' | 'generation'>;

/** A term's postings from one block (`blockId`) or from all pending segments (null). */
export interface PostingRow {
  term: string;
  blockId: number | null;
  postings: Buffer;
}

export interface QueryData {
  stats: BotStats | undefined;
  /** The index generation these were read at (undefined with the stats). */
  generation: number | undefined;
  lists: PostingRow[];
  /** Chunk ids masked per block (documents deleted after their postings were merged). */
  dead: Map<number, Set<number>>;
}

type QueryRow =
  | { kind: 'p'; term: string; block_id: number | null; postings: string | null; extra: null }
  | { kind: 's' | 't'; term: null; block_id: number | null; postings: null; extra: string };

/**
 * Everything a query needs in one round trip: every posting list of the bot for these terms
 * (one row per block holding the term, plus one row per term concatenating the pending
 * per-document segments), the bot's totals and its tombstones. Blocks whose postings are in
 * `cache` come back without them (the database does not even read them) and are taken from
 * the cache, which is then refreshed with the blocks that hold each term now. Postings travel
 * as base64 text: bytea's default hex text is twice the size, and decoding it made cold
 * queries on a 100k-chunk bot ~40% slower at p95 (48.5 vs 28.1 ms).
 */
export async function loadQueryData(
  db: Db,
  botId: string,
  terms: string[],
  cache?: BlockPostingsCache,
): Promise<QueryData> {
  // Taken before the query: an entry evicted meanwhile by a concurrent query stays usable.
  const cached = new Map<string, Map<number, Buffer>>();
  for (const term of terms) {
    const blocks = cache?.blocks(botId, term);
    if (blocks) cached.set(term, blocks);
  }
  const cachedKeys = [...cached].flatMap(([term, blocks]) =>
    [...blocks.keys()].map((blockId) => `${blockId}:${term}`),
  );
  const result = await sql<QueryRow>`
    SELECT 'p' AS kind, term, block_id,
      CASE WHEN block_id::text || ':' || term = ANY(${cachedKeys}::text[]) THEN NULL
        ELSE encode(postings, 'base64') END AS postings,
      NULL AS extra
    FROM search_blocks WHERE bot_id = ${botId}::uuid AND term = ANY(${terms}::text[])
    UNION ALL
    SELECT 'p', term, NULL, encode(string_agg(postings, ''::bytea), 'base64'), NULL
    FROM search_postings WHERE bot_id = ${botId}::uuid AND term = ANY(${terms}::text[])
    GROUP BY term
    UNION ALL
    SELECT 's', NULL, NULL, NULL, row_to_json(s)::text
    FROM search_bot_stats s WHERE bot_id = ${botId}::uuid
    UNION ALL
    SELECT 't', NULL, block_id, NULL, string_agg(chunk_id::text, ',')
    FROM search_tombstones WHERE bot_id = ${botId}::uuid
    GROUP BY block_id`.execute(db);
  const data: QueryData = { stats: undefined, generation: undefined, lists: [], dead: new Map() };
  const current = new Map<string, Map<number, Buffer>>();
  for (const row of result.rows) {
    if (row.kind === 'p') {
      const postings =
        row.postings === null
          ? cached.get(row.term)?.get(row.block_id ?? -1)
          : Buffer.from(row.postings, 'base64');
      if (!postings) throw new Error(`postings of "${row.term}" neither read nor cached`);
      data.lists.push({ term: row.term, blockId: row.block_id, postings });
      if (row.block_id === null) continue;
      const blocks = current.get(row.term) ?? new Map<number, Buffer>();
      blocks.set(row.block_id, postings);
      current.set(row.term, blocks);
    } else if (row.kind === 's') {
      const { generation, ...stats } = JSON.parse(row.extra) as BotStats & { generation: number };
      data.stats = stats;
      data.generation = Number(generation);
    } else if (row.block_id !== null)
      data.dead.set(row.block_id, new Set(row.extra.split(',').map(Number)));
  }
  for (const [term, blocks] of current) cache?.set(botId, term, blocks);
  return data;
}

/**
 * Reclaims the space of merged-away rows and refreshes planner statistics, those of the chunks
 * and documents retrieval reads included. PostgreSQL's autovacuum does this by itself; embedded
 * PGlite has no autovacuum, so call it after a training run (it cannot run inside a
 * transaction). Without statistics on chunks the planner took loadChunks' 20 ids from a walk
 * over every chunk of the bot: 154 ms instead of 0.3 ms per answer on a 4,000-chunk bot.
 */
export async function vacuumSearchIndex(db: Kysely<DB>): Promise<void> {
  await sql`VACUUM ANALYZE search_postings, search_blocks, search_documents, search_tombstones`.execute(
    db,
  );
  await sql`ANALYZE chunks, documents`.execute(db);
}

export interface ChunkRow {
  id: number;
  document_id: string;
  ordinal: number;
  text: string;
  heading: string | null;
  question: string | null;
  anchor: string | null;
  title: string;
  url: string | null;
}

/**
 * The chunks with these ids that belong to the bot, with their document's title and URL.
 * Driven by the id list (primary-key lookups, the bot as a filter): written as
 * `bot_id = … AND id = ANY(…)` the planner may intersect with a scan of the bot's whole
 * bot_id index when its statistics are stale, which cost ~5 ms on a 100k-chunk bot.
 */
export async function loadChunks(db: Db, botId: string, ids: number[]): Promise<ChunkRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<ChunkRow>`
    SELECT c.id, c.document_id, c.ordinal, c.text, c.heading, c.question, c.anchor, d.title, d.url
    FROM unnest(${ids}::bigint[]) AS wanted(id)
    JOIN chunks c ON c.id = wanted.id
    JOIN documents d ON d.id = c.document_id
    WHERE c.bot_id = ${botId}::uuid AND d.bot_id = ${botId}::uuid`.execute(db);
  return result.rows.map((r) => ({ ...r, id: Number(r.id), ordinal: Number(r.ordinal) }));
}

export interface NeighbourRow {
  id: number;
  document_id: string;
  ordinal: number;
  text: string;
  heading: string | null;
}

/**
 * The chunks next to these ones in their documents (ordinal ± 1), by the (document, ordinal)
 * unique index: what a passage around a retrieved chunk may extend into.
 */
export async function loadNeighbours(
  db: Db,
  botId: string,
  around: { documentId: string; ordinal: number }[],
): Promise<NeighbourRow[]> {
  if (around.length === 0) return [];
  const docs = around.flatMap((a) => [a.documentId, a.documentId]);
  const ordinals = around.flatMap((a) => [a.ordinal - 1, a.ordinal + 1]);
  const result = await sql<NeighbourRow>`
    SELECT c.id, c.document_id, c.ordinal, c.text, c.heading
    FROM unnest(${docs}::uuid[], ${ordinals}::int[]) AS wanted(document_id, ordinal)
    JOIN chunks c ON c.document_id = wanted.document_id AND c.ordinal = wanted.ordinal
    WHERE c.bot_id = ${botId}::uuid`.execute(db);
  return result.rows.map((r) => ({ ...r, id: Number(r.id), ordinal: Number(r.ordinal) }));
}

/**
 * For each of the given chunks (the bot's own only), every chunk of its document: the pages a
 * conversation has been reading, for a follow-up's search. Read from the lexical index's list
 * of each document's chunks (one row per document) rather than from the chunks themselves (a
 * heap row per chunk: ~500 for two pages of a manual, the costliest read of a follow-up); the
 * ids come back as one comma-separated text, cheaper to read than an array of int8 strings.
 * Given chunks of one document share one array.
 */
export async function documentChunkIds(
  db: Db,
  botId: string,
  chunkIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (chunkIds.length === 0) return out;
  const result = await sql<{ id: number; document_id: string; ids: string }>`
    SELECT s.id, s.document_id, array_to_string(d.chunk_ids, ',') AS ids
    FROM chunks s JOIN search_documents d ON d.document_id = s.document_id
    WHERE s.id = ANY(${chunkIds}::bigint[]) AND s.bot_id = ${botId}::uuid
      AND d.bot_id = ${botId}::uuid`.execute(db);
  const byDocument = new Map<string, number[]>();
  for (const r of result.rows) {
    let ids = byDocument.get(r.document_id);
    if (!ids) {
      ids = r.ids === '' ? [] : r.ids.split(',').map(Number);
      byDocument.set(r.document_id, ids);
    }
    out.set(Number(r.id), ids);
  }
  return out;
}

/**
 * The bot's index generation (migration 0022): it grows with every change to what a search of
 * the bot reads. Undefined for a bot that was never indexed.
 */
export async function indexGeneration(db: Db, botId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('search_bot_stats')
    .modifyFront(sql.raw(KEEP_PREPARED))
    .select('generation')
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return row ? Number(row.generation) : undefined;
}
