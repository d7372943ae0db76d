import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

type Trx = Transaction<DB>;

/** Serialises merges of one bot across processes (held until the transaction ends). */
export async function lockBotIndex(trx: Trx, botId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`search:${botId}`}, 0))`.execute(trx);
}

/** Documents whose postings are still in their own segment; `lock` holds them until commit. */
export async function pendingDocuments(trx: Trx, botId: string, lock = false): Promise<string[]> {
  const query = trx
    .selectFrom('search_documents')
    .select('document_id')
    .where('bot_id', '=', botId)
    .where('block_id', 'is', null);
  const rows = await (lock ? query.forUpdate() : query).execute();
  return rows.map((r) => r.document_id);
}

/** Holds the blocks' documents so none is deleted (and tombstoned) mid-merge. */
export async function lockBlockDocuments(trx: Trx, blockIds: number[]): Promise<void> {
  await trx
    .selectFrom('search_documents')
    .select('document_id')
    .where('block_id', 'in', blockIds)
    .forUpdate()
    .execute();
}

async function createBlock(
  trx: Trx,
  botId: string,
  level: number,
  docCount: number,
): Promise<number> {
  const row = await trx
    .insertInto('search_block_list')
    .values({ bot_id: botId, level, doc_count: docCount })
    .returning('block_id')
    .executeTakeFirstOrThrow();
  return row.block_id;
}

/** Moves the documents' own segments into one new level-1 block (concatenation per term). */
export async function mergeSegmentsIntoBlock(
  trx: Trx,
  botId: string,
  documentIds: string[],
): Promise<number> {
  const blockId = await createBlock(trx, botId, 1, documentIds.length);
  await sql`
    INSERT INTO search_blocks (block_id, bot_id, term, postings)
    SELECT ${blockId}, ${botId}::uuid, term, string_agg(postings, ''::bytea)
    FROM search_postings WHERE document_id = ANY(${documentIds}::uuid[])
    GROUP BY term`.execute(trx);
  await trx.deleteFrom('search_postings').where('document_id', 'in', documentIds).execute();
  await trx
    .updateTable('search_documents')
    .set({ block_id: blockId })
    .where('document_id', 'in', documentIds)
    .execute();
  return blockId;
}

export async function blocksAtLevel(
  trx: Trx,
  botId: string,
  level: number,
): Promise<{ block_id: number; doc_count: number }[]> {
  return trx
    .selectFrom('search_block_list')
    .select(['block_id', 'doc_count'])
    .where('bot_id', '=', botId)
    .where('level', '=', level)
    .orderBy('block_id')
    .execute();
}

export async function hasTombstones(trx: Trx, blockIds: number[]): Promise<boolean> {
  const row = await trx
    .selectFrom('search_tombstones')
    .select('chunk_id')
    .where('block_id', 'in', blockIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function loadBlockRows(
  trx: Trx,
  blockIds: number[],
): Promise<{ block_id: number; term: string; postings: Buffer }[]> {
  return trx
    .selectFrom('search_blocks')
    .select(['block_id', 'term', 'postings'])
    .where('block_id', 'in', blockIds)
    .execute();
}

export async function loadBlockTombstones(
  trx: Trx,
  blockIds: number[],
): Promise<{ block_id: number; chunk_id: number }[]> {
  return trx
    .selectFrom('search_tombstones')
    .select(['block_id', 'chunk_id'])
    .where('block_id', 'in', blockIds)
    .execute();
}

/**
 * Replaces blocks by one block one level up. Without `rows` the postings are concatenated by
 * the database; with `rows` (tombstoned postings already dropped) those are written instead.
 */
export async function replaceBlocks(
  trx: Trx,
  botId: string,
  blockIds: number[],
  level: number,
  docCount: number,
  rows?: { terms: string[]; postings: Buffer[] },
): Promise<number> {
  const blockId = await createBlock(trx, botId, level, docCount);
  if (rows) {
    await sql`
      INSERT INTO search_blocks (block_id, bot_id, term, postings)
      SELECT ${blockId}, ${botId}::uuid, t.term, t.postings
      FROM unnest(${rows.terms}::text[], ${rows.postings}::bytea[]) AS t(term, postings)`.execute(
      trx,
    );
  } else {
    await sql`
      INSERT INTO search_blocks (block_id, bot_id, term, postings)
      SELECT ${blockId}, ${botId}::uuid, term, string_agg(postings, ''::bytea ORDER BY block_id)
      FROM search_blocks WHERE block_id = ANY(${blockIds}::bigint[])
      GROUP BY term`.execute(trx);
  }
  await trx
    .updateTable('search_documents')
    .set({ block_id: blockId })
    .where('block_id', 'in', blockIds)
    .execute();
  // Cascades to the old blocks' rows and tombstones.
  await trx.deleteFrom('search_block_list').where('block_id', 'in', blockIds).execute();
  return blockId;
}
