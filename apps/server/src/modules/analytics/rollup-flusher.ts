import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { createVacuumScheduler } from '../../search/vacuum-scheduler.ts';
import { flushRollups } from './rollups.repo.ts';

/**
 * A stored chat turn is queued for the analytics rollups and counted later with the others
 * (migration 0021): one pass over a second's turns costs about what one turn's own rollup did.
 */
const FLUSH_INTERVAL_MS = 1000;

export interface RollupFlusher {
  /** A turn was stored: its rollups are counted within the interval. */
  turnSaved(): void;
  /** Waits for a running flush and drops a due one (the queue keeps its turns). */
  stop(): Promise<void>;
}

/**
 * Keeps the queue short (readers flush it first too, so figures never lag): at most one flush a
 * `intervalMs`, coalescing the turns stored meanwhile, through the same scheduler as the
 * embedded database's maintenance.
 */
export function createRollupFlusher(opts: {
  db: Kysely<DB>;
  log: Logger;
  intervalMs?: number;
}): RollupFlusher {
  const scheduler = createVacuumScheduler({
    what: 'counting chat turns into analytics',
    log: opts.log,
    minIntervalMs: opts.intervalMs ?? FLUSH_INTERVAL_MS,
    vacuum: async () => {
      await flushRollups(opts.db);
    },
  });
  return { turnSaved: () => scheduler.request(), stop: () => scheduler.stop() };
}
