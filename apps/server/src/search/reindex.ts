import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { compactBotIndex, indexDocuments } from './lexical-index.ts';
import { lockStaleDocuments } from './reindex.repo.ts';

/** Documents indexed again per transaction: a batch's postings are written in one go. */
const BATCH = 50;

/**
 * Indexes again, from their stored chunks, the bot's documents whose terms an older analyzer
 * wrote (terms-version.ts), a batch per transaction, so questions meet their pages in the
 * current terms; searches go on meanwhile, each batch replacing its documents' old terms at
 * once. Stops between batches when `signal` is aborted (a worker shutting down hands the job
 * back, and the documents left are found again). Returns how many documents were indexed.
 */
export async function reindexStaleDocuments(
  db: Kysely<DB>,
  botId: string,
  signal?: AbortSignal,
): Promise<number> {
  let done = 0;
  while (!signal?.aborted) {
    const indexed = await db.transaction().execute(async (trx) => {
      const documents = await lockStaleDocuments(trx, botId, BATCH);
      if (documents.length > 0) await indexDocuments(trx, { botId, documents });
      return documents.length;
    });
    if (indexed === 0) break;
    done += indexed;
  }
  if (done > 0 && !signal?.aborted) await compactBotIndex(db, botId);
  return done;
}
