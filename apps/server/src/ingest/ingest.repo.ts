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
    .set({ status: 'processing', error: null, documents_done: 0, documents_total: documentsTotal, updated_at: now })
    .where('id', '=', sourceId)
    .execute();
  await db
    .updateTable('bots')
    .set({ status: 'processing', updated_at: now })
    .where('id', '=', botId)
    .execute();
}

export async function saveProgress(db: Db, sourceId: string, done: number): Promise<void> {
  await db.updateTable('sources').set({ documents_done: done }).where('id', '=', sourceId).execute();
}

/** Inserts the document unless the bot already holds one with this hash; returns its id. */
export async function insertDocumentIfNew(
  trx: Transaction<DB>,
  row: {
    bot_id: string;
    source_id: string;
    title: string;
    url: string | null;
    kind: string;
    content_hash: string;
    char_count: number;
    excerpt: string;
  },
): Promise<string | undefined> {
  const inserted = await trx
    .insertInto('documents')
    .values(row)
    .onConflict((oc) => oc.columns(['bot_id', 'content_hash']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Writes a document's chunks (after removing any left over); returns id by ordinal. */
export async function replaceChunks(
  trx: Transaction<DB>,
  botId: string,
  documentId: string,
  drafts: ChunkDraft[],
): Promise<Map<number, number>> {
  await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
  const ids = new Map<number, number>();
  for (let i = 0; i < drafts.length; i += CHUNK_BATCH) {
    const part = drafts.slice(i, i + CHUNK_BATCH);
    const result = await sql<{ id: number; ordinal: number }>`
      INSERT INTO chunks (bot_id, document_id, ordinal, text, heading, question, char_count)
      SELECT ${botId}::uuid, ${documentId}::uuid, c.ordinal, c.text, c.heading, c.question,
             c.char_count
      FROM unnest(${part.map((d) => d.ordinal)}::int[], ${part.map((d) => d.text)}::text[],
                  ${part.map((d) => d.heading)}::text[], ${part.map((d) => d.question)}::text[],
                  ${part.map((d) => d.charCount)}::int[])
           WITH ORDINALITY AS c(ordinal, text, heading, question, char_count, n)
      ORDER BY c.n
      RETURNING id, ordinal`.execute(trx);
    for (const r of result.rows) ids.set(Number(r.ordinal), Number(r.id));
  }
  return ids;
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
