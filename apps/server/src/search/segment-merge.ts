import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import {
  blocksAtLevel,
  hasTombstones,
  loadBlockRows,
  loadBlockTombstones,
  lockBlockDocuments,
  lockBotIndex,
  mergeSegmentsIntoBlock,
  pendingDocuments,
  replaceBlocks,
} from './merge.repo.ts';
import { decodePostings, encodePostings, type Posting } from './postings-codec.ts';

/**
 * Pending per-document segments are merged into a block once this many accumulate, and
 * MERGE_FACTOR blocks of one level into one block of the next: a query then reads at most
 * about MERGE_FACTOR rows per level per term (log-structured, as Lucene merges segments).
 */
export const PENDING_DOCS_TO_MERGE = 16;
export const MERGE_FACTOR = 8;

/**
 * Re-encodes blocks' postings without the tombstoned chunks, one term at a time: decoded, a
 * large index's postings are hundreds of megabytes of objects (a 1,169-page manual's, 280 MB),
 * while one term's are small and soon collected.
 */
async function purgedRows(trx: Transaction<DB>, blockIds: number[]) {
  const dead = new Map<number, Set<number>>();
  for (const t of await loadBlockTombstones(trx, blockIds)) {
    const set = dead.get(t.block_id) ?? new Set<number>();
    set.add(Number(t.chunk_id));
    dead.set(t.block_id, set);
  }
  const rowsByTerm = new Map<string, { block_id: number; postings: Buffer }[]>();
  for (const row of await loadBlockRows(trx, blockIds)) {
    const rows = rowsByTerm.get(row.term) ?? [];
    rows.push(row);
    rowsByTerm.set(row.term, rows);
  }
  const terms: string[] = [];
  const postings: Buffer[] = [];
  for (const [term, rows] of rowsByTerm) {
    const list: Posting[] = [];
    for (const row of rows) {
      const masked = dead.get(row.block_id);
      decodePostings(row.postings, (chunkId, _mask, tf, len) => {
        if (!masked?.has(chunkId)) list.push({ chunkId, tf: Array.from(tf), len: Array.from(len) });
      });
    }
    if (list.length === 0) continue;
    terms.push(term);
    postings.push(encodePostings(list));
  }
  return { terms, postings };
}

/**
 * Keeps the bot's index compact; runs in the indexing transaction. Cheap when there is
 * nothing to merge (one indexed lookup).
 */
export async function maybeMerge(
  trx: Transaction<DB>,
  botId: string,
  force = false,
): Promise<void> {
  const pending = await pendingDocuments(trx, botId);
  if (pending.length === 0 || (!force && pending.length < PENDING_DOCS_TO_MERGE)) return;
  await lockBotIndex(trx, botId);
  // Another transaction may have merged them while we waited for the lock.
  const still = await pendingDocuments(trx, botId, true);
  if (still.length === 0) return;
  await mergeSegmentsIntoBlock(trx, botId, still);
  for (let level = 1; ; level++) {
    const blocks = await blocksAtLevel(trx, botId, level);
    if (blocks.length < MERGE_FACTOR) break;
    const ids = blocks.map((b) => b.block_id);
    const docs = blocks.reduce((sum, b) => sum + b.doc_count, 0);
    await lockBlockDocuments(trx, ids);
    const rows = (await hasTombstones(trx, ids)) ? await purgedRows(trx, ids) : undefined;
    await replaceBlocks(trx, botId, ids, level + 1, docs, rows);
  }
}
