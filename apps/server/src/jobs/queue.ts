import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import { currentRequestId } from '../lib/request-context.ts';
import { createDbQueue } from './db-queue.ts';

/**
 * Payload of every job, by name. A job type added elsewhere (crawl, pdf …) adds its entry here
 * and its definition under definitions/.
 */
export interface JobPayloads {
  'train-source': { sourceId: string };
  'crawl-site': { crawlId: string };
  'embed-bot': { botId: string };
  'reindex-bot': { botId: string };
}
export type JobName = keyof JobPayloads;

/** While a source's training job is queued or running, queueing it again does nothing. */
export const trainSourceKey = (sourceId: string) => `train-source:${sourceId}`;

export interface EnqueueOptions {
  /** While a job with this key is queued or running, enqueueing it again does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobRun {
  id: string;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when the worker is shutting down; long jobs stop between units of work. */
  signal: AbortSignal;
  /** The request that queued the job (or the job that did), for the logs. */
  requestId: string | undefined;
}

/** Runs a job by name; thrown errors count as a failed attempt. */
export interface JobHandlers {
  run(name: string, payload: unknown, run: JobRun): Promise<void>;
  /** Called once when the last attempt failed. */
  failed(name: string, payload: unknown, error: unknown): Promise<void>;
}

/** One interface over the in-process runner (job state in the database) and BullMQ. */
export interface JobQueue {
  readonly kind: 'database' | 'bullmq';
  enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    opts?: EnqueueOptions,
  ): Promise<void>;
  /** Starts running jobs in this process (the worker role). */
  start(handlers: JobHandlers): Promise<void>;
  /** Throws unless the store holding the jobs answers (readiness checks). */
  ping(): Promise<void>;
  /** Resolves once nothing is queued or running (tests and benchmarks). */
  whenIdle(timeoutMs?: number): Promise<void>;
  /**
   * Stops taking jobs, lets running ones stop at their next checkpoint and hands them back to
   * the queue (another worker resumes them at once), closes connections.
   */
  close(): Promise<void>;
}

export interface QueueConfig {
  db: Kysely<DB>;
  dbKind: DatabaseKind;
  log: Logger;
  redisUrl?: string | undefined;
  redisPrefix: string;
  concurrency: number;
  leaseSeconds: number;
}

export const DEFAULT_MAX_ATTEMPTS = 3;

/** BullMQ (loaded only then) with REDIS_URL; else the database queue of the embedded install. */
export async function createJobQueue(cfg: QueueConfig): Promise<JobQueue> {
  if (!cfg.redisUrl) return createDbQueue(cfg);
  const { createBullQueue } = await import('./bullmq-queue.ts');
  return createBullQueue({ ...cfg, redisUrl: cfg.redisUrl });
}

const REQUEST_ID_KEY = '_requestId';

/** A payload as stored: the job's own fields plus the id of the request queueing it. */
export function storedPayload(payload: object): Record<string, unknown> {
  const requestId = currentRequestId();
  return requestId ? { ...payload, [REQUEST_ID_KEY]: requestId } : { ...payload };
}

/** The inverse of storedPayload: the job's own payload and the request id it carried. */
export function splitStoredPayload(stored: unknown): {
  payload: Record<string, unknown>;
  requestId: string | undefined;
} {
  const { [REQUEST_ID_KEY]: requestId, ...payload } = (stored ?? {}) as Record<string, unknown>;
  return { payload, requestId: typeof requestId === 'string' ? requestId : undefined };
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
