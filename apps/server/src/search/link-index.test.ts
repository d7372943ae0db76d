import { describe, expect, it } from 'vitest';
import { buildLinkIndex, describedChunks } from './link-index.ts';
import { analyzeQuery } from './query.ts';

const weights = (question: string) => analyzeQuery(question).weights;

describe('link index: pages as the bot’s other pages describe them', () => {
  const index = buildLinkIndex([
    {
      chunkIds: [1, 2],
      descriptions: ['To keep the password in memory for a while, use the cache helper.'],
    },
    { chunkIds: [3], descriptions: ['The store helper saves passwords unencrypted on disk.'] },
    { chunkIds: [4], descriptions: ['Helpers: see the list of credential helpers.'] },
    { chunkIds: [5], descriptions: ['Passwords, tokens and keys.'] },
    { chunkIds: [6, 7], descriptions: ['Tokens never expire.'] },
  ]);

  it('gives the chunks of the pages described best in the question’s words, best first', () => {
    // A short description saying the word is about it more than a long one.
    expect(describedChunks(index, weights('Can git keep my password in memory?'))).toEqual([
      1, 2, 5, 3,
    ]);
    expect(describedChunks(index, weights('Does a token expire?'))).toEqual([6, 7, 5]);
    expect(describedChunks(index, weights('What is a kettle?'))).toEqual([]);
  });

  it('raises at most three pages', () => {
    const many = describedChunks(index, weights('password passwords helper tokens disk memory'));
    expect(new Set(many.map((id) => (id === 2 ? 1 : id === 7 ? 6 : id))).size).toBe(3);
  });

  it('counts words repeated by several links to a page once', () => {
    const repeated = 'Read about caching passwords.';
    const twice = buildLinkIndex([
      { chunkIds: [1], descriptions: [repeated, repeated, repeated] },
      { chunkIds: [2], descriptions: ['Caching passwords in memory, caching them on disk.'] },
    ]);
    // The second page says "caching" twice in its own words: it ranks first.
    expect(describedChunks(twice, weights('caching'))).toEqual([2, 1]);
  });
});
