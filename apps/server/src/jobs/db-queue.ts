import { randomUUID } from 'node:crypto';
import {
  claimJob,
  completeJob,
  countPendingJobs,
  failJob,
  handBackJob,
  insertJob,
  listRunningJobs,
  pingJobs,
  renewLeases,
  requeueJobs,
} from './jobs.repo.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueOptions,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
  type QueueConfig,
  sleep,
  splitStoredPayload,
  storedPayload,
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
  return new DbQueue(cfg);
}

type ClaimedJob = NonNullable<Awaited<ReturnType<typeof claimJob>>>;

class DbQueue implements JobQueue {
  readonly kind = 'database' as const;
  private readonly workerId = `${process.pid}-${randomUUID()}`;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly stopper = new AbortController();
  private handlers: JobHandlers | undefined;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly cfg: QueueConfig) {}

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    opts: EnqueueOptions = {},
  ): Promise<void> {
    await insertJob(this.cfg.db, {
      name,
      payload: storedPayload(payload),
      dedupeKey: opts.dedupeKey,
      maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    });
    this.nudge();
  }

  async start(h: JobHandlers): Promise<void> {
    if (this.handlers) return;
    this.handlers = h;
    if (this.cfg.dbKind === 'pglite') await this.resumeOrphans();
    const { cfg } = this;
    const everyMs = Math.max(1000, (cfg.leaseSeconds * 1000) / 3);
    this.heartbeat = setInterval(() => {
      renewLeases(cfg.db, this.workerId, [...this.inFlight.keys()], cfg.leaseSeconds).catch(
        (err: unknown) => cfg.log.warn({ err }, 'renewing job leases failed'),
      );
    }, everyMs);
    this.heartbeat.unref();
    this.loop = this.pump();
  }

  ping(): Promise<void> {
    return pingJobs(this.cfg.db);
  }

  async whenIdle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.inFlight.size === 0 && (await countPendingJobs(this.cfg.db)) === 0) return;
      await sleep(50);
    }
    throw new Error('jobs still pending after the timeout');
  }

  async close(): Promise<void> {
    this.stopper.abort();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.nudge();
    await this.loop;
    await Promise.allSettled(this.inFlight.values());
  }

  private nudge(): void {
    this.wake?.();
  }

  /**
   * An embedded database lives on this machine, so a job whose worker process is gone can be
   * resumed at once instead of after its lease.
   */
  private async resumeOrphans(): Promise<void> {
    const { db, log } = this.cfg;
    const orphans = (await listRunningJobs(db)).filter((j) => !workerAlive(j.locked_by));
    await requeueJobs(
      db,
      orphans.map((j) => j.id),
    );
    if (orphans.length > 0) {
      log.info({ jobs: orphans.length }, 'resuming jobs interrupted by the last shutdown');
    }
  }

  private async pump(): Promise<void> {
    const { cfg, stopper } = this;
    while (!stopper.signal.aborted) {
      let claimed = false;
      if (this.inFlight.size < cfg.concurrency) {
        const job = await claimJob(cfg.db, this.workerId, cfg.leaseSeconds).catch(
          (err: unknown) => {
            cfg.log.error({ err }, 'claiming a job failed');
            return undefined;
          },
        );
        if (job) {
          claimed = true;
          const p = this.runOne(job).finally(() => {
            this.inFlight.delete(job.id);
            this.nudge();
          });
          this.inFlight.set(job.id, p);
        }
      }
      if (!claimed) await this.nap();
    }
  }

  /**
   * A nap that a nudge or stop cuts short, leaving no listener behind on the long-lived stop
   * signal (one per cut-short nap piled up there while its timer still ran).
   */
  private async nap(): Promise<void> {
    const stop = this.stopper.signal;
    if (stop.aborted) return;
    const nap = new AbortController();
    const endNap = () => nap.abort();
    this.wake = endNap;
    stop.addEventListener('abort', endNap, { once: true });
    await sleep(IDLE_POLL_MS, nap.signal);
    stop.removeEventListener('abort', endNap);
    this.wake = undefined;
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const { cfg, stopper, workerId } = this;
    const h = this.handlers!;
    const { payload, requestId } = splitStoredPayload(job.payload);
    try {
      await h.run(job.name, payload, {
        id: job.id,
        attempt: job.attempts,
        signal: stopper.signal,
        requestId,
      });
      if (stopper.signal.aborted) return await this.handBack(job.id);
      await completeJob(cfg.db, job.id, workerId);
    } catch (err) {
      if (stopper.signal.aborted) return await this.handBack(job.id);
      const message = err instanceof Error ? err.message : String(err);
      const last = job.attempts >= job.max_attempts;
      cfg.log.warn({ err, job: job.name, id: job.id, attempt: job.attempts }, 'job attempt failed');
      await failJob(cfg.db, job.id, workerId, message, last ? null : 2 ** job.attempts);
      if (last)
        await h.failed(job.name, payload, err).catch((e: unknown) => {
          cfg.log.error({ err: e, job: job.name }, 'job failure handler failed');
        });
    }
  }

  /** Stopped mid-way by shutdown: back to the queue for another worker (or the next start). */
  private async handBack(id: string): Promise<void> {
    await handBackJob(this.cfg.db, id, this.workerId).catch((err: unknown) =>
      this.cfg.log.warn({ err, id }, 'handing a job back failed; its lease will lapse'),
    );
  }
}
