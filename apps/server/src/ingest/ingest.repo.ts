import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ChunkDraft } from '../search/chunker.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Rows per chunk INSERT; the arrays travel as a handful of parameters. */
const CHUNK_BATCH = 2_000;

export interface SourceForIngest {
  id: string;
  bot_id: string;
  user_id: string;
  type: string;
  status: string;
  input: unknown;
}

export async function findSourceForIngest(
  db: Db,
  sourceId: string,
): Promise<SourceForIngest | undefined> {
  return db
    .selectFrom('sources')
    .innerJoin('bots', 'bots.id', 'sources.bot_id')
    .select([
      'sources.id',
      'sources.bot_id',
      'bots.user_id',
      'sources.type',
      'sources.status',
      'sources.input',
    ])
    .where('sources.id', '=', sourceId)
    .executeTakeFirst();
}

export async function markSourceProcessing(
  db: Db,
  sourceId: string,
  botId: string,
  documentsTotal: number | null,
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('sources')
    .set({
      status: 'processing',
      error: null,
      documents_done: 0,
      documents_total: documentsTotal,
      updated_at: now,
    })
    .where('id', '=', sourceId)
    .execute();
  await db
    .updateTable('bots')
    .set({ status: 'processing', updated_at: now })
    .where('id', '=', botId)
    .execute();
}

export async function saveProgress(db: Db, sourceId: string, done: number): Promise<void> {
  await db
    .updateTable('sources')
    .set({ documents_done: done })
    .where('id', '=', sourceId)
    .execute();
}

export interface DocumentRow {
  bot_id: string;
  source_id: string;
  title: string;
  url: string | null;
  kind: string;
  content_hash: string;
  char_count: number;
  excerpt: string;
}

/**
 * Inserts the documents the bot does not hold yet (by content hash); returns id by hash for
 * the ones inserted. Documents already present — earlier runs, other sources — are skipped.
 */
export async function insertDocumentsIfNew(
  trx: Transaction<DB>,
  rows: DocumentRow[],
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const inserted = await trx
    .insertInto('documents')
    .values(rows)
    .onConflict((oc) => oc.columns(['bot_id', 'content_hash']).doNothing())
    .returning(['id', 'content_hash'])
    .execute();
  return new Map(inserted.map((r) => [r.content_hash, r.id]));
}

/**
 * Writes the chunks of freshly inserted documents in a few statements; returns, per document,
 * chunk id by ordinal.
 */
export async function insertChunks(
  trx: Transaction<DB>,
  botId: string,
  docs: { documentId: string; drafts: ChunkDraft[] }[],
): Promise<Map<string, Map<number, number>>> {
  const flat = docs.flatMap((d) => d.drafts.map((c) => ({ documentId: d.documentId, c })));
  const ids = new Map<string, Map<number, number>>(docs.map((d) => [d.documentId, new Map()]));
  for (let i = 0; i < flat.length; i += CHUNK_BATCH) {
    const part = flat.slice(i, i + CHUNK_BATCH);
    const result = await sql<{ id: number; document_id: string; ordinal: number }>`
      INSERT INTO chunks (bot_id, document_id, ordinal, text, heading, question, char_count, anchor)
      SELECT ${botId}::uuid, c.document_id, c.ordinal, c.text, c.heading, c.question, c.char_count,
             c.anchor
      FROM unnest(${part.map((p) => p.documentId)}::uuid[], ${part.map((p) => p.c.ordinal)}::int[],
                  ${part.map((p) => p.c.text)}::text[], ${part.map((p) => p.c.heading)}::text[],
                  ${part.map((p) => p.c.question)}::text[], ${part.map((p) => p.c.charCount)}::int[],
                  ${part.map((p) => p.c.anchor ?? null)}::text[])
           WITH ORDINALITY AS c(document_id, ordinal, text, heading, question, char_count, anchor, n)
      ORDER BY c.n
      RETURNING id, document_id, ordinal`.execute(trx);
    for (const r of result.rows) ids.get(r.document_id)?.set(Number(r.ordinal), Number(r.id));
  }
  return ids;
}

/** Stores freshly inserted pages' links to other pages (what they say about those pages). */
export async function insertDocumentLinks(
  trx: Transaction<DB>,
  botId: string,
  docs: { documentId: string; links: { url: string; anchor?: string; text: string }[] }[],
): Promise<void> {
  const flat = docs.flatMap((d) => d.links.map((l) => ({ documentId: d.documentId, ...l })));
  for (let i = 0; i < flat.length; i += CHUNK_BATCH) {
    const part = flat.slice(i, i + CHUNK_BATCH);
    await sql`
      INSERT INTO document_links (document_id, bot_id, target_url, target_anchor, text)
      SELECT l.document_id, ${botId}::uuid, l.target_url, l.target_anchor, l.text
      FROM unnest(${part.map((p) => p.documentId)}::uuid[], ${part.map((p) => p.url)}::text[],
                  ${part.map((p) => p.anchor ?? null)}::text[], ${part.map((p) => p.text)}::text[])
           AS l(document_id, target_url, target_anchor, text)`.execute(trx);
  }
}

/** The source's exact counts from its committed documents, and its final status. */
export async function finishSource(
  db: Db,
  sourceId: string,
  status: 'trained' | 'failed',
  error: string | null,
): Promise<void> {
  await sql`
    UPDATE sources SET status = ${status}, error = ${error}, updated_at = now(),
      char_count = (SELECT coalesce(sum(char_count), 0) FROM documents WHERE source_id = ${sourceId}),
      documents_done = (SELECT count(*) FROM documents WHERE source_id = ${sourceId})
    WHERE id = ${sourceId}`.execute(db);
}

/**
 * Derives the bot's counts and state from its sources and committed documents: 'processing'
 * while any source is unfinished, 'trained' once all are done and one succeeded.
 */
export async function recomputeBot(db: Db, botId: string): Promise<void> {
  await sql`
    UPDATE bots SET
      total_chars = (SELECT coalesce(sum(char_count), 0) FROM documents WHERE bot_id = ${botId}),
      status = CASE
        WHEN EXISTS (SELECT 1 FROM sources WHERE bot_id = ${botId}
                     AND status IN ('pending', 'processing')) THEN 'processing'
        WHEN EXISTS (SELECT 1 FROM sources WHERE bot_id = ${botId} AND status = 'trained')
          THEN 'trained'
        WHEN EXISTS (SELECT 1 FROM sources WHERE bot_id = ${botId} AND status = 'failed')
          THEN 'failed'
        ELSE 'pending' END,
      train_ai = train_ai OR EXISTS (SELECT 1 FROM sources WHERE bot_id = ${botId}
                                     AND status = 'trained'),
      image_training = image_training OR EXISTS (SELECT 1 FROM sources WHERE bot_id = ${botId}
                                     AND status = 'trained' AND type = 'images'),
      updated_at = now()
    WHERE id = ${botId}`.execute(db);
}
