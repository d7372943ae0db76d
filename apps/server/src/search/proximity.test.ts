import { describe, expect, it } from 'vitest';
import { analyze, findTerms } from './analyzer.ts';
import { phraseProximity } from './proximity.ts';

describe('phraseProximity', () => {
  const q = (text: string) => analyze(text);

  it('is the share of adjacent query pairs found as phrases, in order', () => {
    expect(phraseProximity(q('heart attack risk'), ['A heart attack is bad.'])).toBe(0.5);
    expect(phraseProximity(q('heart attack risk'), ['Heart attack risk is high.'])).toBe(1);
    expect(phraseProximity(q('heart attack'), ['An attack on the heart.'])).toBe(0);
  });

  it('allows stop words and one other word in between, not more', () => {
    expect(phraseProximity(q('heart attack'), ['heart of the attack'])).toBe(1);
    expect(phraseProximity(q('heart attack'), ['heart big attack'])).toBe(1);
    expect(phraseProximity(q('heart attack'), ['heart big green attack'])).toBe(0);
  });

  it('matches inflections and accents as analyze() does, field by field', () => {
    expect(phraseProximity(q('cafe openings'), ['Le Café opened late'])).toBe(1);
    expect(phraseProximity(q('refund policy'), ['Refund', 'Policy'])).toBe(0);
    expect(phraseProximity(q('refund'), ['refund policy'])).toBe(0);
  });

  it('findTerms reports offsets of wanted terms only', () => {
    const { hits } = findTerms("The company's refunds", new Set(q('refund company')));
    expect(hits.map((h) => h.term)).toEqual(['compani', 'refund']);
  });
});
