import { describe, expect, it } from 'vitest';
import { analyze, tokenize } from './analyzer.ts';
import { joinedTerms as joinedOf } from './compounds.ts';

const joinedTerms = (text: string) => joinedOf(tokenize(text));

describe('joinedTerms', () => {
  it('joins a verb, in any inflection, with the particle after it, as the compound is indexed', () => {
    expect(joinedTerms('The order was checked out and the account backed up.')).toEqual([
      ...analyze('checkout'),
      ...analyze('backup'),
    ]);
    expect(joinedTerms('Logging in, then setting up the printer')).toEqual([
      ...analyze('login'),
      ...analyze('setup'),
    ]);
    // Hyphenated spellings are the same pair.
    expect(joinedTerms('a roll-back after the shut-down')).toEqual([
      ...analyze('rollback'),
      ...analyze('shutdown'),
    ]);
  });

  it('joins no stop word, number or particle pair', () => {
    expect(joinedTerms('It is in the box; version 2 out now; come on in')).toEqual(
      analyze('comeon'),
    );
    expect(joinedTerms('Nothing here pairs')).toEqual([]);
  });
});
