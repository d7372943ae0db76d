import type { AppContext } from '../../app-context.ts';
import { failSource, ingestSource, type PipelineDeps } from '../../ingest/pipeline.ts';
import { sourceDocumentCount, sourceDocuments, storedSource } from '../../ingest/sources/index.ts';
import { listPendingSourceIds } from '../../modules/sources/sources.repo.ts';
import { createTrainingNotifier } from '../../modules/sources/training-status.service.ts';
import { type JobPayloads, type JobRun, trainSourceKey } from '../queue.ts';
import { pipelineEmbedder } from './embed-bot.job.ts';

export function pipelineDeps(ctx: AppContext): PipelineDeps {
  const embeddings = pipelineEmbedder(ctx);
  return {
    db: ctx.db,
    log: ctx.log,
    notify: createTrainingNotifier(ctx),
    searchVacuum: ctx.searchVacuum,
    ...(embeddings ? { embeddings } : {}),
  };
}

/** Trains one source: its documents through the pipeline, then the bot's counts and state. */
export const trainSourceJob = {
  name: 'train-source' as const,
  async run(ctx: AppContext, payload: JobPayloads['train-source'], run: JobRun): Promise<void> {
    const result = await ingestSource(pipelineDeps(ctx), {
      sourceId: payload.sourceId,
      documents: (source) => sourceDocuments(storedSource(source), ctx),
      documentsTotal: (source) => sourceDocumentCount(storedSource(source)),
      signal: run.signal,
    });
    ctx.log.info({ sourceId: payload.sourceId, ...result, attempt: run.attempt }, 'source trained');
  },
  async failed(ctx: AppContext, payload: JobPayloads['train-source'], error: unknown) {
    const message = error instanceof Error ? error.message : 'Training failed';
    await failSource(pipelineDeps(ctx), payload.sourceId, `Training failed: ${message}`);
  },
};

/**
 * A source is recorded before its job is queued; if the process died in between, the source
 * would wait forever. At worker start every pending source is queued again (the dedupe key
 * makes this a no-op for sources whose job is still queued or running).
 */
export async function requeuePendingSources(ctx: AppContext): Promise<number> {
  const ids = await listPendingSourceIds(ctx.db);
  for (const sourceId of ids) {
    await ctx.jobs.enqueue('train-source', { sourceId }, { dedupeKey: trainSourceKey(sourceId) });
  }
  return ids.length;
}
