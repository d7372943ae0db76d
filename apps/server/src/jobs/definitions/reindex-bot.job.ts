import type { AppContext } from '../../app-context.ts';
import { botsWithStaleTerms } from '../../search/reindex.repo.ts';
import { reindexStaleDocuments } from '../../search/reindex.ts';
import type { JobPayloads, JobRun } from '../queue.ts';

/**
 * Indexes again the documents of a bot that an older analyzer indexed (search/terms-version.ts):
 * after an upgrade that changes how text becomes terms, a bot trained before it answers as one
 * trained after it, without its owner training it again.
 */
export const reindexBotJob = {
  name: 'reindex-bot' as const,
  async run(ctx: AppContext, payload: JobPayloads['reindex-bot'], run: JobRun): Promise<void> {
    const documents = await reindexStaleDocuments(ctx.db, payload.botId, run.signal);
    if (documents === 0) return;
    ctx.log.info({ botId: payload.botId, documents }, 'documents indexed again');
    // As after a training run, the replaced postings' rows are reclaimed: embedded PGlite has no
    // autovacuum, and left they slowed answers (Node.js docs' bot: median 20 ms against 18).
    ctx.searchVacuum?.request();
  },
  async failed(ctx: AppContext, payload: JobPayloads['reindex-bot'], error: unknown) {
    ctx.log.warn(
      { err: error, botId: payload.botId },
      'indexing documents again failed; the next worker start tries again',
    );
  },
};

/** At worker start: a job for every bot with documents an older analyzer indexed. */
export async function requeueStaleIndexes(ctx: AppContext): Promise<number> {
  const bots = await botsWithStaleTerms(ctx.db);
  for (const botId of bots) {
    await ctx.jobs.enqueue('reindex-bot', { botId }, { dedupeKey: `reindex-bot:${botId}` });
  }
  return bots.length;
}
