import type { AppContext } from '../../app-context.ts';
import { runWithRequestId } from '../../lib/request-context.ts';
import type { JobHandlers, JobName, JobPayloads, JobRun } from '../queue.ts';
import { crawlSiteJob } from './crawl-site.job.ts';
import { embedBotJob, requeueMissingEmbeddings } from './embed-bot.job.ts';
import { reindexBotJob, requeueStaleIndexes } from './reindex-bot.job.ts';
import { requeuePendingSources, trainSourceJob } from './train-source.job.ts';

interface Definition<N extends JobName> {
  name: N;
  run(ctx: AppContext, payload: JobPayloads[N], run: JobRun): Promise<void>;
  failed?(ctx: AppContext, payload: JobPayloads[N], error: unknown): Promise<void>;
}

/** Every job this server knows, by name (one line each). */
const DEFINITIONS: { [N in JobName]: Definition<N> } = {
  'train-source': trainSourceJob,
  'crawl-site': crawlSiteJob,
  'embed-bot': embedBotJob,
  'reindex-bot': reindexBotJob,
};

/** Starts the worker role: runs jobs and re-queues work whose job was lost. */
export async function startWorkerRole(ctx: AppContext): Promise<void> {
  await ctx.jobs.start(createJobHandlers(ctx));
  ctx.mailer.startRetrying();
  const requeued = await requeuePendingSources(ctx);
  if (requeued > 0) ctx.log.info({ sources: requeued }, 'pending sources queued again');
  const toEmbed = await requeueMissingEmbeddings(ctx);
  if (toEmbed > 0) ctx.log.info({ bots: toEmbed }, 'bots queued for embedding');
  const toIndex = await requeueStaleIndexes(ctx);
  if (toIndex > 0) ctx.log.info({ bots: toIndex }, 'bots queued to be indexed again');
}

/** Binds the definitions to a context; the worker role hands this to the queue. */
export function createJobHandlers(ctx: AppContext): JobHandlers {
  const find = (name: string) => {
    const def = DEFINITIONS[name as JobName];
    if (!def) throw new Error(`Unknown job ${name}`);
    return def;
  };
  return {
    run: (name, payload, run) => {
      // The job logs, and any job it queues carries, the id of the request that started it.
      const requestId = run.requestId ?? `job-${run.id}`;
      const log = ctx.log.child({ requestId, job: name, jobId: run.id, attempt: run.attempt });
      log.info({ pid: process.pid, payload }, 'job started');
      return runWithRequestId(requestId, () =>
        find(name).run({ ...ctx, log }, payload as never, run),
      );
    },
    failed: async (name, payload, error) => {
      await find(name).failed?.(ctx, payload as never, error);
    },
  };
}
