import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { createVacuumScheduler } from './vacuum-scheduler.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const INTERVAL = 150;

function counted(durationMs = 0) {
  const runs: number[] = [];
  let active = 0;
  let overlapped = false;
  const vacuum = async () => {
    active++;
    if (active > 1) overlapped = true;
    runs.push(Date.now());
    await sleep(durationMs);
    active--;
  };
  return { runs, vacuum, overlapped: () => overlapped };
}

describe('createVacuumScheduler', () => {
  it('runs at once, then serves a burst of requests with one run at the end of the interval', async () => {
    const v = counted();
    const s = createVacuumScheduler({
      vacuum: v.vacuum,
      log: createLogger('silent'),
      minIntervalMs: INTERVAL,
    });
    s.request();
    expect(v.runs).toHaveLength(1);
    for (let i = 0; i < 10; i++) s.request();
    expect(v.runs).toHaveLength(1);
    await sleep(INTERVAL * 3);
    expect(v.runs).toHaveLength(2);
    expect((v.runs[1] as number) - (v.runs[0] as number)).toBeGreaterThanOrEqual(INTERVAL - 5);
    // Quiet for longer than the interval: the next request runs at once again.
    s.request();
    expect(v.runs).toHaveLength(3);
    await s.stop();
  });

  it('never runs two at once, logs a failure and keeps serving, and stop drops what is pending', async () => {
    const v = counted(INTERVAL * 2);
    let fail = true;
    const warnings: unknown[] = [];
    const log = createLogger('silent');
    log.warn = ((...args: unknown[]) => warnings.push(args)) as typeof log.warn;
    const s = createVacuumScheduler({
      vacuum: async () => {
        await v.vacuum();
        if (fail) {
          fail = false;
          throw new Error('disk full');
        }
      },
      log,
      minIntervalMs: INTERVAL,
    });
    s.request();
    s.request(); // due while the first (slow) run still goes
    await sleep(INTERVAL * 6);
    expect(v.runs).toHaveLength(2);
    expect(v.overlapped()).toBe(false);
    expect(warnings).toHaveLength(1);
    s.request(); // the interval has passed: runs now
    s.request(); // pending, then dropped by stop
    await s.stop();
    await sleep(INTERVAL * 2);
    expect(v.runs).toHaveLength(3);
  });
});
