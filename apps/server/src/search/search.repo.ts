import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { FieldTotals, SearchBotStatsTable } from '../db/tables/search.ts';

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

export type BotStats = Omit<SearchBotStatsTable, 'bot_id'>;

export async function loadBotStats(db: Db, botId: string): Promise<BotStats | undefined> {
  return db
    .selectFrom('search_bot_stats')
    .select([
      'chunk_count',
      'body_len',
      'body_n',
      'title_len',
      'title_n',
      'heading_len',
      'heading_n',
      'question_len',
      'question_n',
    ])
    .where('bot_id', '=', botId)
    .executeTakeFirst();
}

/** A term's postings from one block (`blockId`) or from all pending segments (null). */
export interface PostingRow {
  term: string;
  blockId: number | null;
  postings: Buffer;
}

/**
 * Every posting list of the bot for these terms: one row per block holding the term, plus
 * one row per term concatenating the pending per-document segments.
 */
export async function loadPostings(db: Db, botId: string, terms: string[]): Promise<PostingRow[]> {
  if (terms.length === 0) return [];
  const result = await sql<PostingRow>`
    SELECT term, block_id AS "blockId", postings
    FROM search_blocks WHERE bot_id = ${botId}::uuid AND term = ANY(${terms}::text[])
    UNION ALL
    SELECT term, NULL, string_agg(postings, ''::bytea)
    FROM search_postings WHERE bot_id = ${botId}::uuid AND term = ANY(${terms}::text[])
    GROUP BY term`.execute(db);
  return result.rows;
}

/** Chunk ids masked in each block (postings of documents deleted after their merge). */
export async function loadTombstones(db: Db, botId: string): Promise<Map<number, Set<number>>> {
  const rows = await db
    .selectFrom('search_tombstones')
    .select(['block_id', 'chunk_id'])
    .where('bot_id', '=', botId)
    .execute();
  const out = new Map<number, Set<number>>();
  for (const r of rows) {
    const set = out.get(r.block_id) ?? new Set<number>();
    set.add(Number(r.chunk_id));
    out.set(r.block_id, set);
  }
  return out;
}

export interface ChunkRow {
  id: number;
  document_id: string;
  text: string;
  heading: string | null;
  question: string | null;
  title: string;
  url: string | null;
}

/** The chunks with these ids that belong to the bot, with their document's title and URL. */
export async function loadChunks(db: Db, botId: string, ids: number[]): Promise<ChunkRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<ChunkRow>`
    SELECT c.id, c.document_id, c.text, c.heading, c.question, d.title, d.url
    FROM chunks c JOIN documents d ON d.id = c.document_id
    WHERE c.bot_id = ${botId}::uuid AND d.bot_id = ${botId}::uuid
      AND c.id = ANY(${ids}::bigint[])`.execute(db);
  return result.rows;
}
