import type { Logger } from '../lib/logger.ts';

export interface VacuumScheduler {
  /** Asks for a vacuum after a training run: now, or once the quiet interval has passed. */
  request(): void;
  /** Waits for a running vacuum and drops a pending one (shutdown). */
  stop(): Promise<void>;
}

/**
 * Embedded PGlite has no autovacuum, so the rows index merges leave behind are reclaimed after
 * training. VACUUM covers every bot's index and holds the embedded database's one connection
 * (3.2 s on a 100k-chunk install), so requests are coalesced: at most one run per
 * `minIntervalMs`, and requests made meanwhile are served by one run at the end of the
 * interval. A burst of small trainings (twenty text items added in a row) costs one or two.
 */
export function createVacuumScheduler(opts: {
  /** The vacuum itself: vacuumSearchIndex on the embedded database. */
  vacuum: () => Promise<void>;
  /** Names the run in the log when it fails. */
  what?: string;
  log: Logger;
  minIntervalMs?: number;
}): VacuumScheduler {
  const minIntervalMs = opts.minIntervalMs ?? 60_000;
  let lastStart = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const vacuumOnce = async () => {
    try {
      await opts.vacuum();
    } catch (err) {
      opts.log.warn({ err }, `${opts.what ?? 'search index vacuum'} failed`);
    }
  };
  const run = () => {
    timer = undefined;
    if (stopped) return;
    lastStart = Date.now();
    // Never two at once: a run still going (a slow one) is waited for first.
    const previous = running;
    const current = previous
      ? previous.then(() => (stopped ? undefined : vacuumOnce()))
      : vacuumOnce();
    running = current;
    void current.finally(() => {
      if (running === current) running = undefined;
    });
  };

  return {
    request() {
      if (stopped || timer) return; // a run is already due
      const wait = lastStart + minIntervalMs - Date.now();
      if (wait <= 0) run();
      else {
        timer = setTimeout(run, wait);
        timer.unref();
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
