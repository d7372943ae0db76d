import { Queue, WaitingError, Worker } from 'bullmq';
import {
  DEFAULT_MAX_ATTEMPTS,
  type JobHandlers,
  type JobQueue,
  type QueueConfig,
  sleep,
  splitStoredPayload,
  storedPayload,
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
      await queue.add(name, storedPayload(payload), {
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
        async (job, token) => {
          const { payload, requestId } = splitStoredPayload(job.data);
          await h.run(job.name, payload, {
            id: String(job.id),
            attempt: job.attemptsMade + 1,
            signal: stopper.signal,
            requestId,
          });
          if (stopper.signal.aborted) {
            // Stopped at a checkpoint by shutdown: back to the queue for another worker, not
            // completed (its work is unfinished) and not failed (nothing went wrong).
            await job.moveToWait(token);
            throw new WaitingError();
          }
        },
        { connection, prefix: cfg.redisPrefix, concurrency: cfg.concurrency },
      );
      worker.on('failed', (job, err) => {
        if (!job) return;
        cfg.log.warn({ err, job: job.name, id: job.id }, 'job attempt failed');
        if (job.attemptsMade >= (job.opts.attempts ?? 1)) {
          h.failed(job.name, splitStoredPayload(job.data).payload, err).catch((e: unknown) => {
            cfg.log.error({ err: e, job: job.name }, 'job failure handler failed');
          });
        }
      });
      worker.on('error', (err) => cfg.log.error({ err }, 'BullMQ worker error'));
      await worker.waitUntilReady();
    },
    async ping() {
      await queue.getJobCounts('waiting'); // one round trip to Redis
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
