import { describe, expect, it } from 'vitest';
import { goesOnFromBefore, splitSentences } from './sentences.ts';

describe('splitSentences', () => {
  it('ends a sentence on "etc." before a capital, not before a lower-case word', () => {
    expect(
      splitSentences('Help with documentation, translation, etc. The guide is online.'),
    ).toEqual(['Help with documentation, translation, etc. ', 'The guide is online.']);
    expect(splitSentences('Files, links, etc. are kept. Nothing else is.')).toEqual([
      'Files, links, etc. are kept. ',
      'Nothing else is.',
    ]);
  });

  it('does not end a sentence after an abbreviation or an initial', () => {
    expect(splitSentences('Use a mirror, e.g. Debian. It is fast.')).toEqual([
      'Use a mirror, e.g. Debian. ',
      'It is fast.',
    ]);
    expect(splitSentences('Written by J. Smith. Read it.')).toEqual([
      'Written by J. Smith. ',
      'Read it.',
    ]);
  });
});

describe('goesOnFromBefore', () => {
  it('knows a sentence opening on a connective, not one opening on a word that starts like one', () => {
    for (const s of [
      'That is, the directory is the repository.',
      'Otherwise it runs.',
      'In that case nothing is kept.',
      'Or, if you prefer, set it.',
    ])
      expect(goesOnFromBefore(s)).toBe(true);
    for (const s of [
      'Order matters.',
      'Some files are kept.',
      'There is one.',
      'Android phones work.',
      'Although slow, it works.',
    ])
      expect(goesOnFromBefore(s)).toBe(false);
  });
});
