import type { AppContext } from '../../app-context.ts';
import type { ChunkEmbedder } from '../../ingest/pipeline.ts';
import { backfillBot, embedChunks } from '../../rag/embeddings/chunk-embeddings.ts';
import { botsWithoutEmbeddings } from '../../rag/embeddings/embeddings.repo.ts';
import type { JobPayloads, JobRun } from '../queue.ts';

/**
 * Embeds every chunk of a bot that lacks an embedding from the current model: chunks whose
 * embedding failed or was lost to a crash during training, and all of them after
 * EMBEDDING_MODEL changed. A provider failure fails the attempt, so the queue retries later;
 * meanwhile the bot is searched lexically (and by the embeddings it has).
 */
export const embedBotJob = {
  name: 'embed-bot' as const,
  async run(ctx: AppContext, payload: JobPayloads['embed-bot'], run: JobRun): Promise<void> {
    if (!ctx.embedder) return;
    const embedded = await backfillBot(
      { db: ctx.db, embedder: ctx.embedder },
      payload.botId,
      run.signal,
    );
    if (embedded > 0) ctx.log.info({ botId: payload.botId, embedded }, 'chunks embedded');
  },
  async failed(ctx: AppContext, payload: JobPayloads['embed-bot'], error: unknown) {
    ctx.log.warn({ err: error, botId: payload.botId }, 'embedding chunks failed; will retry later');
  },
};

const embedBotKey = (botId: string) => `embed-bot:${botId}`;

export function enqueueEmbedBot(ctx: AppContext, botId: string): Promise<void> {
  return ctx.jobs.enqueue('embed-bot', { botId }, { dedupeKey: embedBotKey(botId) });
}

/**
 * At worker start: a job for every bot with chunks lacking an embedding from the configured
 * model (after a crash, an outage of the provider, or a change of EMBEDDING_MODEL).
 */
export async function requeueMissingEmbeddings(ctx: AppContext): Promise<number> {
  if (!ctx.embedder) return 0;
  const bots = await botsWithoutEmbeddings(ctx.db, ctx.embedder.model);
  for (const botId of bots) await enqueueEmbedBot(ctx, botId);
  return bots.length;
}

/**
 * The pipeline's embedding hooks for one training run: each committed batch is embedded at
 * once, so a trained bot is searchable by meaning straight away. After the first failure the
 * run stops calling the provider (a down one would otherwise cost a timeout per batch) and
 * leaves the rest to the embed-bot job queued when the source is trained.
 */
export function pipelineEmbedder(ctx: AppContext): ChunkEmbedder | undefined {
  const embedder = ctx.embedder;
  if (!embedder) return undefined;
  let failed = false;
  return {
    async embed({ botId, chunks }) {
      if (failed) return;
      try {
        await embedChunks({ db: ctx.db, embedder }, chunks);
      } catch (err) {
        failed = true;
        ctx.log.warn({ err, botId }, 'embedding chunks failed; lexical search is unaffected');
      }
    },
    async catchUp(botId) {
      await enqueueEmbedBot(ctx, botId).catch((err: unknown) =>
        ctx.log.warn({ err, botId }, 'queueing the embedding catch-up failed'),
      );
    },
  };
}
