import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { FieldTotals, SearchBotStatsTable } from '../db/tables/search.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Rows per INSERT: arrays travel as two parameters, so this only bounds statement size. */
const INSERT_BATCH = 5_000;

export interface SegmentWrite {
  botId: string;
  documentId: string;
  chunkCount: number;
  totals: FieldTotals;
  terms: string[];
  postings: Buffer[];
}

/** Drops a document's segment (postings cascade; the trigger updates the bot totals). */
export async function deleteSegment(db: Db, documentId: string): Promise<void> {
  await db.deleteFrom('search_documents').where('document_id', '=', documentId).execute();
}

/** Replaces a document's segment; call inside a transaction so readers never see half. */
export async function replaceSegment(db: Db, seg: SegmentWrite): Promise<void> {
  await deleteSegment(db, seg.documentId);
  if (seg.chunkCount === 0) return;
  await db
    .insertInto('search_documents')
    .values({
      document_id: seg.documentId,
      bot_id: seg.botId,
      chunk_count: seg.chunkCount,
      ...seg.totals,
    })
    .execute();
  for (let i = 0; i < seg.terms.length; i += INSERT_BATCH) {
    const terms = seg.terms.slice(i, i + INSERT_BATCH);
    const postings = seg.postings.slice(i, i + INSERT_BATCH);
    await sql`
      INSERT INTO search_postings (document_id, bot_id, term, postings)
      SELECT ${seg.documentId}::uuid, ${seg.botId}::uuid, t.term, t.postings
      FROM unnest(${terms}::text[], ${postings}::bytea[]) AS t(term, postings)`.execute(db);
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

/** Every segment of the bot for these terms, concatenated per term by the database. */
export async function loadPostings(
  db: Db,
  botId: string,
  terms: string[],
): Promise<{ term: string; postings: Buffer }[]> {
  if (terms.length === 0) return [];
  const result = await sql<{ term: string; postings: Buffer }>`
    SELECT term, string_agg(postings, ''::bytea) AS postings
    FROM search_postings
    WHERE bot_id = ${botId}::uuid AND term = ANY(${terms}::text[])
    GROUP BY term`.execute(db);
  return result.rows;
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
