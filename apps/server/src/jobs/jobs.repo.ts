import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface ClaimedJob {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export async function insertJob(
  db: Kysely<DB>,
  job: { name: string; payload: unknown; dedupeKey?: string | undefined; maxAttempts: number },
): Promise<void> {
  await sql`
    INSERT INTO jobs (name, payload, dedupe_key, max_attempts)
    VALUES (${job.name}, ${JSON.stringify(job.payload)}::jsonb, ${job.dedupeKey ?? null},
            ${job.maxAttempts})
    ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running')
    DO NOTHING`.execute(db);
}

/**
 * Takes the next ready job: a queued one whose time has come, or a running one whose worker's
 * lease lapsed (it crashed). SKIP LOCKED lets several workers claim concurrently.
 */
export async function claimJob(
  db: Kysely<DB>,
  workerId: string,
  leaseSeconds: number,
): Promise<ClaimedJob | undefined> {
  const result = await sql<ClaimedJob>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE (status = 'queued' AND run_at <= now())
         OR (status = 'running' AND locked_until < now())
      ORDER BY run_at, created_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id, name, payload, attempts, max_attempts`.execute(db);
  return result.rows[0];
}

export async function renewLeases(
  db: Kysely<DB>,
  workerId: string,
  ids: string[],
  leaseSeconds: number,
): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    UPDATE jobs SET locked_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE locked_by = ${workerId} AND status = 'running' AND id = ANY(${ids}::uuid[])`.execute(db);
}

export async function completeJob(db: Kysely<DB>, id: string, workerId: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: 'done',
      locked_by: null,
      locked_until: null,
      finished_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}

/** Schedules another attempt after `retryInSeconds`, or marks the job failed for good. */
export async function failJob(
  db: Kysely<DB>,
  id: string,
  workerId: string,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('jobs')
    .set(
      retryInSeconds === null
        ? {
            status: 'failed',
            last_error: error,
            locked_by: null,
            locked_until: null,
            finished_at: now,
            updated_at: now,
          }
        : {
            status: 'queued',
            last_error: error,
            locked_by: null,
            locked_until: null,
            run_at: new Date(now.getTime() + retryInSeconds * 1000),
            updated_at: now,
          },
    )
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}

/**
 * A job this worker stopped at a checkpoint because it is shutting down goes back to the
 * queue at once (not when its lease lapses), and the interrupted run does not count as a
 * failed attempt.
 */
export async function handBackJob(db: Kysely<DB>, id: string, workerId: string): Promise<void> {
  await sql`
    UPDATE jobs SET status = 'queued', attempts = greatest(attempts - 1, 0), locked_by = NULL,
      locked_until = NULL, updated_at = now()
    WHERE id = ${id} AND locked_by = ${workerId} AND status = 'running'`.execute(db);
}

/** Readiness: the jobs table answers. */
export async function pingJobs(db: Kysely<DB>): Promise<void> {
  await sql`SELECT 1 FROM jobs LIMIT 1`.execute(db);
}

/** Running jobs and the worker holding each. */
export async function listRunningJobs(
  db: Kysely<DB>,
): Promise<{ id: string; locked_by: string | null }[]> {
  return db
    .selectFrom('jobs')
    .select(['id', 'locked_by'])
    .where('status', '=', 'running')
    .execute();
}

/** Hands running jobs back to the queue (their worker is known to be gone). */
export async function requeueJobs(db: Kysely<DB>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ status: 'queued', locked_by: null, locked_until: null, updated_at: new Date() })
    .where('id', 'in', ids)
    .where('status', '=', 'running')
    .execute();
}

export async function countPendingJobs(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
