import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TrainingStatus } from '../../db/tables/knowledge.ts';
import { storable } from '../../ingest/normalize.ts';
import type { SourceSpec } from '../../ingest/sources/index.ts';

type Db = Kysely<DB> | Transaction<DB>;

export async function insertSource(
  db: Db,
  row: SourceSpec & {
    bot_id: string;
    source_type: number;
    title: string;
    origin: string | null;
    char_count: number;
    documents_total: number | null;
  },
): Promise<string> {
  const { id } = await db
    .insertInto('sources')
    .values({
      ...row,
      input: JSON.stringify(row.input, (_k, v) => (typeof v === 'string' ? storable(v) : v)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Characters the bot holds or is about to hold: exact counts of trained sources plus the
 * server's estimate of those still training. Plan limits are checked against this.
 */
export async function committedChars(db: Db, botId: string): Promise<number> {
  const row = await db
    .selectFrom('sources')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('char_count'), eb.lit(0)).as('n'))
    .where('bot_id', '=', botId)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface TrainedItemRow {
  title: string;
  excerpt: string;
  url: string | null;
  type: string;
}

export async function listTrainedItems(
  db: Db,
  botId: string,
  sourceType: number,
): Promise<TrainedItemRow[]> {
  return db
    .selectFrom('documents')
    .innerJoin('sources', 'sources.id', 'documents.source_id')
    .select(['documents.title', 'documents.excerpt', 'documents.url', 'sources.type'])
    .where('documents.bot_id', '=', botId)
    .where('sources.source_type', '=', sourceType)
    .orderBy('documents.seq')
    .execute();
}

/**
 * Deletes the bot's documents with this title (their chunks and index entries cascade),
 * re-counts the sources they came from and drops sources left empty. Returns how many went.
 */
export async function removeDocumentsByTitle(
  trx: Transaction<DB>,
  botId: string,
  title: string,
): Promise<number> {
  const removed = await trx
    .deleteFrom('documents')
    .where('bot_id', '=', botId)
    .where((eb) => eb.or([eb('title', '=', title), eb('url', '=', title)]))
    .returning('source_id')
    .execute();
  const sourceIds = [...new Set(removed.map((r) => r.source_id))];
  if (sourceIds.length > 0) {
    await sql`
      UPDATE sources s SET
        char_count = (SELECT coalesce(sum(char_count), 0) FROM documents d WHERE d.source_id = s.id),
        documents_done = (SELECT count(*) FROM documents d WHERE d.source_id = s.id),
        updated_at = now()
      WHERE s.id = ANY(${sourceIds}::uuid[])`.execute(trx);
    await sql`
      DELETE FROM sources s WHERE s.id = ANY(${sourceIds}::uuid[]) AND s.status = 'trained'
        AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.source_id = s.id)`.execute(trx);
  }
  return removed.length;
}

export interface SourceProgressRow {
  status: TrainingStatus;
  documents_done: number;
  documents_total: number | null;
  error: string | null;
}

export async function listSourceProgress(db: Db, botId: string): Promise<SourceProgressRow[]> {
  return db
    .selectFrom('sources')
    .select(['status', 'documents_done', 'documents_total', 'error'])
    .where('bot_id', '=', botId)
    .orderBy('created_at')
    .execute();
}

/** Sources still waiting to train, oldest first (their job may have been lost). */
export async function listPendingSourceIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('sources')
    .select('id')
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.id);
}
