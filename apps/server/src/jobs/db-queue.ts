import { randomUUID } from 'node:crypto';
import {
  claimJob,
  completeJob,
  countPendingJobs,
  failJob,
  insertJob,
  listRunningJobs,
  renewLeases,
  requeueJobs,
} from './jobs.repo.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  type JobHandlers,
  type JobQueue,
  type QueueConfig,
  sleep,
} from './queue.ts';

const IDLE_POLL_MS = 1000;

/** Worker ids start with their process id; is that process still running? */
function workerAlive(lockedBy: string | null): boolean {
  const pid = Number(lockedBy?.split('-')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded runner: job rows in the database, claimed with FOR UPDATE SKIP LOCKED and held
 * by a renewed lease. Work survives a crash: at the next start (or once the lease lapses on a
 * shared PostgreSQL) the job is claimed again and, being idempotent, completes.
 */
export function createDbQueue(cfg: QueueConfig): JobQueue {
  const workerId = `${process.pid}-${randomUUID()}`;
  const inFlight = new Map<string, Promise<void>>();
  const stopper = new AbortController();
  let handlers: JobHandlers | undefined;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  function nudge() {
    wake?.();
  }

  async function runOne(job: Awaited<ReturnType<typeof claimJob>> & object): Promise<void> {
    const h = handlers!;
    try {
      await h.run(job.name, job.payload, {
        id: job.id,
        attempt: job.attempts,
        signal: stopper.signal,
      });
      if (stopper.signal.aborted) return; // stopped mid-way: the next start picks it up again
      await completeJob(cfg.db, job.id, workerId);
    } catch (err) {
      if (stopper.signal.aborted) return;
      const message = err instanceof Error ? err.message : String(err);
      const last = job.attempts >= job.max_attempts;
      cfg.log.warn({ err, job: job.name, id: job.id, attempt: job.attempts }, 'job attempt failed');
      await failJob(cfg.db, job.id, workerId, message, last ? null : 2 ** job.attempts);
      if (last)
        await h.failed(job.name, job.payload, err).catch((e: unknown) => {
          cfg.log.error({ err: e, job: job.name }, 'job failure handler failed');
        });
    }
  }

  async function pump(): Promise<void> {
    while (!stopper.signal.aborted) {
      let claimed = false;
      if (inFlight.size < cfg.concurrency) {
        const job = await claimJob(cfg.db, workerId, cfg.leaseSeconds).catch((err: unknown) => {
          cfg.log.error({ err }, 'claiming a job failed');
          return undefined;
        });
        if (job) {
          claimed = true;
          const p = runOne(job).finally(() => {
            inFlight.delete(job.id);
            nudge();
          });
          inFlight.set(job.id, p);
        }
      }
      if (!claimed) {
        // A nap that a nudge or stop cuts short, leaving no listener behind on the long-lived
        // stop signal (one per cut-short nap piled up there while its timer still ran).
        if (stopper.signal.aborted) return;
        const nap = new AbortController();
        const endNap = () => nap.abort();
        wake = endNap;
        stopper.signal.addEventListener('abort', endNap, { once: true });
        await sleep(IDLE_POLL_MS, nap.signal);
        stopper.signal.removeEventListener('abort', endNap);
        wake = undefined;
      }
    }
  }

  return {
    kind: 'database',
    async enqueue(name, payload, opts = {}) {
      await insertJob(cfg.db, {
        name,
        payload,
        dedupeKey: opts.dedupeKey,
        maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      });
      nudge();
    },
    async start(h) {
      if (handlers) return;
      handlers = h;
      if (cfg.dbKind === 'pglite') {
        // An embedded database lives on this machine, so a job whose worker process is gone
        // can be resumed at once instead of after its lease.
        const orphans = (await listRunningJobs(cfg.db)).filter((j) => !workerAlive(j.locked_by));
        await requeueJobs(
          cfg.db,
          orphans.map((j) => j.id),
        );
        if (orphans.length > 0) {
          cfg.log.info({ jobs: orphans.length }, 'resuming jobs interrupted by the last shutdown');
        }
      }
      const everyMs = Math.max(1000, (cfg.leaseSeconds * 1000) / 3);
      heartbeat = setInterval(() => {
        renewLeases(cfg.db, workerId, [...inFlight.keys()], cfg.leaseSeconds).catch(
          (err: unknown) => cfg.log.warn({ err }, 'renewing job leases failed'),
        );
      }, everyMs);
      heartbeat.unref();
      loop = pump();
    },
    async whenIdle(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (inFlight.size === 0 && (await countPendingJobs(cfg.db)) === 0) return;
        await sleep(50);
      }
      throw new Error('jobs still pending after the timeout');
    },
    async close() {
      stopper.abort();
      if (heartbeat) clearInterval(heartbeat);
      nudge();
      await loop;
      await Promise.allSettled(inFlight.values());
    },
  };
}
