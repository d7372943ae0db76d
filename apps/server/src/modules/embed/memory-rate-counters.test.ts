import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSearchTestDb } from '../../search/testing/use-search-test-db.ts';
import { memoryRateCounters } from './memory-rate-counters.ts';
import { databaseRateCounters, type RateCounters } from './rate-counters.ts';

const t = useSearchTestDb();
/** An hour: the comparison below must not straddle a window's turn. */
const WINDOW = 3_600_000;
const caps = { visitorCap: 2, addressCap: 3 };

/**
 * The same widget messages, refunds and counts against a set of counters; returns every
 * answer in order. Keys are prefixed so runs never share counters.
 */
async function run(counters: RateCounters, prefix: string) {
  const out: unknown[] = [];
  const keys = (visitor: number, address: number) => ({
    visitor: `${prefix}v:${visitor}`,
    address: `${prefix}ip:${address}`,
    block: `${prefix}blk:${address >> 1}`,
    bot: `${prefix}b`,
  });
  // Visitors over their cap are not counted at their address, addresses over theirs not in
  // their block or the bot.
  for (const [visitor, address] of [
    [1, 1],
    [1, 1],
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 2],
    [5, 3],
    [5, 3],
  ] as const) {
    out.push(await counters.widgetHits(keys(visitor, address), caps, WINDOW));
  }
  out.push(await counters.activeKeys(`${prefix}blk:`, WINDOW));
  await counters.refund(`${prefix}b`, WINDOW);
  await counters.refund(`${prefix}nothing`, WINDOW);
  out.push(await counters.hit(`${prefix}b`, WINDOW));
  out.push(await counters.hit(`${prefix}owner`, WINDOW));
  await counters.sweep(new Date(Date.now() + 2 * WINDOW));
  out.push(await counters.activeKeys(prefix, WINDOW));
  out.push(await counters.hit(`${prefix}owner`, WINDOW));
  return out;
}

describe('memory rate counters', () => {
  it("count exactly as the database's counters do", async () => {
    const prefix = () => randomBytes(4).toString('hex');
    const memory = await run(memoryRateCounters(), prefix());
    expect(memory).toEqual(await run(databaseRateCounters(t.db), prefix()));
    expect(memory.slice(0, 3)).toEqual([
      { visitor: 1, address: 1, block: 1, bot: 1 },
      { visitor: 2, address: 2, block: 2, bot: 2 },
      { visitor: 3, address: null, block: null, bot: null },
    ]);
  });

  it('start each window afresh', async () => {
    let now = 10 * WINDOW + 5;
    const counters = memoryRateCounters(() => now);
    expect(await counters.hit('k', WINDOW)).toBe(1);
    expect(await counters.hit('k', WINDOW)).toBe(2);
    now += WINDOW;
    expect(await counters.activeKeys('k', WINDOW)).toBe(0);
    expect(await counters.hit('k', WINDOW)).toBe(1);
  });
});
