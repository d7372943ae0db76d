import { describe, expect, it } from 'vitest';
import { BlockPostingsCache } from './block-postings-cache.ts';

const bytes = (n: number) => Buffer.alloc(n, 1);
const blocks = (...sizes: [number, number][]) =>
  new Map(sizes.map(([id, size]) => [id, bytes(size)] as [number, Buffer]));

describe('BlockPostingsCache', () => {
  it("keeps each (bot, term) entry apart and replaces a term's blocks as a whole", () => {
    const cache = new BlockPostingsCache(1_000);
    cache.set('bot-a', 'kettle', blocks([1, 100], [2, 50]));
    cache.set('bot-b', 'kettle', blocks([3, 10]));
    expect([...(cache.blocks('bot-a', 'kettle')?.keys() ?? [])]).toEqual([1, 2]);
    expect([...(cache.blocks('bot-b', 'kettle')?.keys() ?? [])]).toEqual([3]);
    expect(cache.blocks('bot-a', 'descale')).toBeUndefined();
    // A merge replaced blocks 1 and 2 by block 4: the entry now holds block 4 only.
    cache.set('bot-a', 'kettle', blocks([4, 120]));
    expect([...(cache.blocks('bot-a', 'kettle')?.keys() ?? [])]).toEqual([4]);
    expect(cache.size).toEqual({ entries: 2, bytes: 130 });
  });

  it('evicts the least recently used entries beyond its byte budget', () => {
    const cache = new BlockPostingsCache(300);
    cache.set('bot', 'a', blocks([1, 100]));
    cache.set('bot', 'b', blocks([2, 100]));
    cache.set('bot', 'c', blocks([3, 100]));
    cache.blocks('bot', 'a'); // a is now more recent than b
    cache.set('bot', 'd', blocks([4, 100]));
    expect(cache.blocks('bot', 'b')).toBeUndefined();
    for (const term of ['a', 'c', 'd']) expect(cache.blocks('bot', term)).toBeDefined();
    expect(cache.size).toEqual({ entries: 3, bytes: 300 });
  });

  it('does not keep an entry larger than the whole budget, nor an empty one', () => {
    const cache = new BlockPostingsCache(300);
    cache.set('bot', 'a', blocks([1, 100]));
    cache.set('bot', 'huge', blocks([2, 301]));
    cache.set('bot', 'gone', new Map());
    expect(cache.blocks('bot', 'huge')).toBeUndefined();
    expect(cache.blocks('bot', 'gone')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 100 });
  });
});
