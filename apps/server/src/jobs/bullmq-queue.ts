import { type Job, Queue, WaitingError, Worker } from 'bullmq';
import { AppError } from '../lib/app-error.ts';
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
 * While Redis is down BullMQ waits for it indefinitely; a request queueing work answers a clear
 * 503 instead of hanging (the work is recorded: pending sources are queued again by the worker).
 */
const ENQUEUE_TIMEOUT_MS = 5000;
export const QUEUE_UNAVAILABLE = 'The job queue is unavailable. Please try again in a moment.';

async function withinEnqueueTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError(503, QUEUE_UNAVAILABLE)), ENQUEUE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs one BullMQ job through the handlers, under the request id it carries. */
function processor(h: JobHandlers, stop: AbortSignal) {
  return async (job: Job, token?: string) => {
    const { payload, requestId } = splitStoredPayload(job.data);
    await h.run(job.name, payload, {
      id: String(job.id),
      attempt: job.attemptsMade + 1,
      signal: stop,
      requestId,
    });
    if (stop.aborted) {
      // Stopped at a checkpoint by shutdown: back to the queue for another worker, not
      // completed (its work is unfinished) and not failed (nothing went wrong).
      await job.moveToWait(token);
      throw new WaitingError();
    }
  };
}

/**
 * Scale-out mode: the same interface over BullMQ. Redis holds the job state; BullMQ's stalled
 * job detection re-runs a job whose worker died, and jobs are idempotent.
 */
export function createBullQueue(cfg: QueueConfig & { redisUrl: string }): JobQueue {
  const connection = { url: cfg.redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue(QUEUE_NAME, { connection, prefix: cfg.redisPrefix });
  // Without a listener a connection error event would end the process.
  queue.on('error', (err) => cfg.log.warn({ err }, 'BullMQ queue error'));
  const stopper = new AbortController();
  let worker: Worker | undefined;

  return {
    kind: 'bullmq',
    async enqueue(name, payload, opts = {}) {
      const added = queue.add(name, storedPayload(payload), {
        // BullMQ reserves ':' in custom ids.
        ...(opts.dedupeKey ? { jobId: opts.dedupeKey.replaceAll(':', '_') } : {}),
        attempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: true,
        removeOnFail: { count: 1000 },
      });
      added.catch(() => {}); // a late failure after the timeout is already answered
      await withinEnqueueTimeout(added);
    },
    async start(h: JobHandlers) {
      if (worker) return;
      worker = new Worker(QUEUE_NAME, processor(h, stopper.signal), {
        connection,
        prefix: cfg.redisPrefix,
        concurrency: cfg.concurrency,
        // A job whose worker died (its lock not renewed) runs again on another worker.
        lockDuration: cfg.leaseSeconds * 1000,
        stalledInterval: Math.max(1000, cfg.leaseSeconds * 500),
      });
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
