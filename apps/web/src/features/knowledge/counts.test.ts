import { describe, expect, it } from 'vitest';
import { csvCharCount } from './csv-import.ts';
import { asQuestion, indexFromState, itemsCharCount } from './item-list.ts';

describe('character counts and list helpers', () => {
  it('sums the two chosen CSV columns over every row, missing cells as empty', () => {
    const rows = [
      { q: 'Open?', a: 'Yes', other: 'ignored' },
      { q: 'Hours', a: undefined },
    ];
    expect(csvCharCount(rows, 'q', 'a')).toBe(5 + 3 + 5);
    expect(csvCharCount(rows, 'q', '')).toBe(10);
    expect(csvCharCount([], 'q', 'a')).toBe(0);
  });

  it('counts title and content of every text or Q&A item', () => {
    expect(
      itemsCharCount([
        { title: 'ab', content: 'cde' },
        { title: '', content: 'f' },
      ]),
    ).toBe(6);
  });

  it('shows a title as a question once', () => {
    expect(asQuestion(' Do you ship ')).toBe('Do you ship?');
    expect(asQuestion('Do you ship?')).toBe('Do you ship?');
  });

  it('takes an edit index from navigation state only when it is a whole, non-negative number', () => {
    expect(indexFromState({ index: 2 })).toBe(2);
    for (const state of [null, {}, { index: -1 }, { index: 1.5 }, { index: '2' }, 'x']) {
      expect(indexFromState(state)).toBeUndefined();
    }
  });
});
