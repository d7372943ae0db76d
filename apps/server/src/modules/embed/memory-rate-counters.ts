import type { RateCounters } from './rate-counters.ts';

/**
 * Counters in this process's memory, for an install that is one process (the embedded
 * database lives inside it, so no other process can serve its chats). Same counts as the
 * database's counters without four upserts per widget message (~2 ms of each embedded answer);
 * a restart starts the minute's counts afresh.
 */
export function memoryRateCounters(now: () => number = Date.now): RateCounters {
  /** Per key: the window it was last counted in and its hits there. */
  const counters = new Map<string, { window: number; hits: number }>();
  const windowOf = (windowMs: number) => Math.floor(now() / windowMs) * windowMs;
  const current = (key: string, windowMs: number) => {
    const c = counters.get(key);
    return c && c.window === windowOf(windowMs) ? c.hits : 0;
  };
  const hit = (key: string, windowMs: number) => {
    const hits = current(key, windowMs) + 1;
    counters.set(key, { window: windowOf(windowMs), hits });
    return hits;
  };
  return {
    hit: async (key, windowMs) => hit(key, windowMs),
    // No await between the counts: the message is counted as one step, as the database's
    // single statement counts it.
    async widgetHits(keys, caps, windowMs) {
      const visitor = hit(keys.visitor, windowMs);
      const address = visitor <= caps.visitorCap ? hit(keys.address, windowMs) : null;
      const block =
        address !== null && address <= caps.addressCap ? hit(keys.block, windowMs) : null;
      const bot = block !== null ? hit(keys.bot, windowMs) : null;
      return { visitor, address, block, bot };
    },
    async refund(key, windowMs) {
      const hits = current(key, windowMs);
      if (hits > 0) counters.set(key, { window: windowOf(windowMs), hits: hits - 1 });
    },
    async activeKeys(prefix, windowMs) {
      let n = 0;
      for (const [key, c] of counters) {
        if (c.window === windowOf(windowMs) && c.hits > 0 && key.startsWith(prefix)) n++;
      }
      return n;
    },
    async sweep(before) {
      for (const [key, c] of counters) if (c.window < before.getTime()) counters.delete(key);
    },
  };
}
