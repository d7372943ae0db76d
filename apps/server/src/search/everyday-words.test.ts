import { describe, expect, it } from 'vitest';
import { analyze } from './analyzer.ts';
import { everydayFactor, everydayRate } from './everyday-words.ts';
import { analyzeQuery } from './query.ts';

const rate = (word: string) => everydayRate(analyze(word)[0] as string);

describe('everyday words', () => {
  it('knows how often spoken English says a stem, summed over its forms', () => {
    for (const word of ['wrong', 'remember', 'hit', 'still'])
      expect(rate(word)).toBeGreaterThan(100);
    // "remembered", "remembering" and "remembers" are the same stem, said as often.
    expect(rate('remembering')).toBe(rate('remember'));
    // A documentation's own words, and rare ones, are not everyday words.
    for (const word of ['rebase', 'merge', 'branch', 'descale', 'kettle'])
      expect(rate(word)).toBe(0);
  });

  it('weighs an everyday word less where the knowledge base rarely uses it', () => {
    // Said 537 times per million words, held by one chunk in a hundred: weighs less.
    const rare = everydayFactor(537, 0.01);
    expect(rare).toBeGreaterThan(0.4);
    expect(rare).toBeLessThan(0.7);
    // The more chunks use it, the more it weighs; rarer than everyday words' least share, the same.
    expect(everydayFactor(537, 0.03)).toBeGreaterThan(rare);
    expect(everydayFactor(537, 0)).toBe(rare);
    // Ten times as common in speech as the threshold, and in no chunk: half.
    expect(everydayFactor(1000, 0)).toBeCloseTo(0.5);
    // Used by the knowledge base as much as speech says it (a shop's "order"): full weight.
    expect(everydayFactor(537, 0.2)).toBe(1);
    // Not an everyday word: full weight wherever.
    expect(everydayFactor(50, 0)).toBe(1);
  });

  it("marks the question's own everyday words, not those written as code or carried", () => {
    const query = analyzeQuery('What went wrong in the run() callback of my kettle?', {
      terms: analyze('remember'),
      weight: 0.5,
    });
    expect([...query.everyday.keys()]).toEqual(analyze('went wrong'));
    expect(query.everyday.get(analyze('wrong')[0] as string)).toBe(rate('wrong'));
  });
});
