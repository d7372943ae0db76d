import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.ts';

describe('boundedMemo', () => {
  it('computes a key once while it is remembered', () => {
    const calls: string[] = [];
    const upper = boundedMemo(10, (k) => {
      calls.push(k);
      return k.toUpperCase();
    });
    expect([upper('a'), upper('b'), upper('a')]).toEqual(['A', 'B', 'A']);
    expect(calls).toEqual(['a', 'b']);
  });

  it('forgets everything when full, so memory stays bounded', () => {
    const calls: string[] = [];
    const id = boundedMemo(2, (k) => {
      calls.push(k);
      return k;
    });
    id('a');
    id('b');
    id('c'); // full: the memo is cleared before 'c' is kept
    id('a');
    id('c');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('does not remember keys that keep() refuses', () => {
    const calls: string[] = [];
    const len = boundedMemo(
      10,
      (k) => {
        calls.push(k);
        return k.length;
      },
      (k) => k.length <= 3,
    );
    len('abc');
    len('abc');
    len('abcdef');
    len('abcdef');
    expect(calls).toEqual(['abc', 'abcdef', 'abcdef']);
  });
});
