import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.ts';

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
