import { Queue, Worker } from 'bullmq';
import {
  DEFAULT_MAX_ATTEMPTS,
  type JobHandlers,
  type JobQueue,
  type QueueConfig,
  sleep,
} from './queue.ts';

const QUEUE_NAME = 'jobs';

/**
 * Scale-out mode: the same interface over BullMQ. Redis holds the job state; BullMQ's stalled
 * job detection re-runs a job whose worker died, and jobs are idempotent.
 */
export function createBullQueue(cfg: QueueConfig & { redisUrl: string }): JobQueue {
  const connection = { url: cfg.redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue(QUEUE_NAME, { connection, prefix: cfg.redisPrefix });
  const stopper = new AbortController();
  let worker: Worker | undefined;

  return {
    kind: 'bullmq',
    async enqueue(name, payload, opts = {}) {
      await queue.add(name, payload, {
        // BullMQ reserves ':' in custom ids.
        ...(opts.dedupeKey ? { jobId: opts.dedupeKey.replaceAll(':', '_') } : {}),
        attempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: true,
        removeOnFail: { count: 1000 },
      });
    },
    async start(h: JobHandlers) {
      if (worker) return;
      worker = new Worker(
        QUEUE_NAME,
        async (job) => {
          await h.run(job.name, job.data, {
            id: String(job.id),
            attempt: job.attemptsMade + 1,
            signal: stopper.signal,
          });
        },
        { connection, prefix: cfg.redisPrefix, concurrency: cfg.concurrency },
      );
      worker.on('failed', (job, err) => {
        if (!job) return;
        cfg.log.warn({ err, job: job.name, id: job.id }, 'job attempt failed');
        if (job.attemptsMade >= (job.opts.attempts ?? 1)) {
          h.failed(job.name, job.data, err).catch((e: unknown) => {
            cfg.log.error({ err: e, job: job.name }, 'job failure handler failed');
          });
        }
      });
      worker.on('error', (err) => cfg.log.error({ err }, 'BullMQ worker error'));
      await worker.waitUntilReady();
    },
    async whenIdle(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (Object.values(counts).every((n) => n === 0)) return;
        await sleep(50);
      }
      throw new Error('jobs still pending after the timeout');
    },
    async close() {
      stopper.abort();
      await worker?.close();
      await queue.close();
    },
  };
}
