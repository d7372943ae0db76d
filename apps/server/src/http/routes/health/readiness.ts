import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.ts';

/** A dependency slower than this counts as down: a readiness probe must answer, not hang. */
const CHECK_TIMEOUT_MS = 2000;

export type CheckName = 'database' | 'queue' | 'realtime';

export interface Readiness {
  ready: boolean;
  draining: boolean;
  roles: string[];
  /** 'ok', or why the dependency is not usable. */
  checks: Partial<Record<CheckName, string>>;
}

/**
 * What each role needs to do its work: every role the database; the API (which queues jobs)
 * and the worker (which runs them) the job store — Redis with BullMQ, else the database; the
 * realtime role the Redis that carries events between processes, when there is one.
 */
function checksFor(ctx: AppContext): Partial<Record<CheckName, () => Promise<unknown>>> {
  const { roles } = ctx.lifecycle;
  return {
    database: () => sql`SELECT 1`.execute(ctx.db),
    ...(roles.has('api') || roles.has('worker') ? { queue: () => ctx.jobs.ping() } : {}),
    ...(roles.has('realtime') ? { realtime: () => ctx.realtime.ping() } : {}),
  };
}

async function withinTimeout(check: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => 'ok',
        (err: unknown) => `failed: ${err instanceof Error ? err.message : String(err)}`,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  const entries = Object.entries(checksFor(ctx)) as [CheckName, () => Promise<unknown>][];
  const results = await Promise.all(entries.map(async ([n, c]) => [n, await withinTimeout(c)]));
  const checks = Object.fromEntries(results) as Readiness['checks'];
  const { draining } = ctx.lifecycle;
  return {
    ready: !draining && Object.values(checks).every((v) => v === 'ok'),
    draining,
    roles: [...ctx.lifecycle.roles],
    checks,
  };
}
