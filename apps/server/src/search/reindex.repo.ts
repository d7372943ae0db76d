import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { IndexChunksArgs } from './lexical-index.ts';
import { TERMS_VERSION } from './terms-version.ts';

/** The bots with a document whose index terms an older analyzer wrote (terms-version.ts). */
export async function botsWithStaleTerms(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('search_documents')
    .select('bot_id')
    .distinct()
    .where('terms_version', '<', TERMS_VERSION)
    .execute();
  return rows.map((r) => r.bot_id);
}

/**
 * Up to `limit` of the bot's documents indexed by an older analyzer, with their titles and
 * chunks in order, as the index is written from. Their rows stay locked against deletion until
 * the transaction ends, so a document deleted meanwhile is not indexed back; one being deleted
 * right now is skipped (it is on its way out).
 */
export async function lockStaleDocuments(
  trx: Transaction<DB>,
  botId: string,
  limit: number,
): Promise<Omit<IndexChunksArgs, 'botId'>[]> {
  const docs = await sql<{ id: string; title: string }>`
    SELECT d.id, d.title FROM search_documents s JOIN documents d ON d.id = s.document_id
    WHERE s.bot_id = ${botId}::uuid AND s.terms_version < ${TERMS_VERSION}
    ORDER BY s.document_id LIMIT ${limit}
    FOR SHARE OF d SKIP LOCKED`.execute(trx);
  if (docs.rows.length === 0) return [];
  const chunks = await trx
    .selectFrom('chunks')
    .select(['id', 'document_id', 'text', 'heading', 'question'])
    .where(
      'document_id',
      'in',
      docs.rows.map((d) => d.id),
    )
    .orderBy('document_id')
    .orderBy('ordinal')
    .execute();
  return docs.rows.map((d) => ({
    documentId: d.id,
    title: d.title,
    chunks: chunks
      .filter((c) => c.document_id === d.id)
      .map((c) => ({ id: Number(c.id), text: c.text, heading: c.heading, question: c.question })),
  }));
}
