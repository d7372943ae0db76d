import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface SlowDownPolicy {
  /** Failures an address may have before each further attempt has to wait. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further one. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** An address whose last failure is this old starts afresh. */
  forgetAfterSeconds: number;
}

/**
 * Records a sign-in attempt on `email` as a failure before the password is checked (a success
 * deletes it again), atomically and only when the address is not cooling down, so a burst of
 * simultaneous guesses cannot slip through together. Returns false while it is cooling down.
 */
export async function claimLoginAttempt(
  db: Kysely<DB>,
  email: string,
  p: SlowDownPolicy,
): Promise<boolean> {
  const forget = sql`${p.forgetAfterSeconds}::int * interval '1 second'`;
  const failures = sql`CASE WHEN f.last_failure_at < now() - ${forget} THEN 1 ELSE f.failures + 1 END`;
  const wait = (n: typeof failures) =>
    sql`least(${p.maxDelaySeconds}::float8, CASE WHEN ${n} < ${p.freeFailures}::int THEN 0
        ELSE ${p.firstDelaySeconds}::float8 * power(2::float8, (${n} - ${p.freeFailures}::int)::float8)
        END) * interval '1 second'`;
  const result = await sql<{ failures: number }>`
    INSERT INTO login_failures AS f (email, failures, last_failure_at, next_attempt_at)
    VALUES (${email}, 1, now(), now() + ${wait(sql`1`)})
    ON CONFLICT (email) DO UPDATE SET
      failures = ${failures},
      last_failure_at = now(),
      next_attempt_at = now() + ${wait(failures)}
    WHERE f.next_attempt_at <= now()
    RETURNING failures`.execute(db);
  return result.rows.length > 0;
}

export async function clearLoginFailures(db: Kysely<DB>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

export async function forgetOldLoginFailures(db: Kysely<DB>, olderThanSeconds: number) {
  await db
    .deleteFrom('login_failures')
    .where(
      'last_failure_at',
      '<',
      sql<Date>`now() - ${olderThanSeconds}::int * interval '1 second'`,
    )
    .execute();
}
