import { describe, expect, it } from 'vitest';
import { analyze, normalizeText, stem, tokenize } from './analyzer.ts';
import { questionMatch } from './question-match.ts';

describe('analyzer', () => {
  it('folds accents, case and compatibility forms', () => {
    expect(normalizeText('Café NAÏVE ﬁnance Ångström')).toBe('cafe naive finance angstrom');
    expect(analyze('Café')).toEqual(analyze('cafe'));
  });

  it('stems with Porter so inflections meet', () => {
    expect(stem('running')).toBe('run');
    expect(stem('studies')).toBe(stem('study'));
    expect(analyze('connected connections connecting')).toEqual(['connect', 'connect', 'connect']);
  });

  it('drops stop words, including question words', () => {
    expect(analyze('What is the refund policy of the shop?')).toEqual(['refund', 'polici', 'shop']);
    expect(analyze('the and of to')).toEqual([]);
  });

  it('strips possessives and inner apostrophes, with typographic quotes too', () => {
    expect(tokenize("the company's policy")).toEqual(['the', 'company', 'policy']);
    expect(tokenize('the company’s policy')).toEqual(['the', 'company', 'policy']);
    expect(tokenize("don't O'Neil")).toEqual(['dont', 'oneil']);
  });

  it('keeps numbers whole and splits hyphenated words', () => {
    expect(tokenize('version 3.5 costs 1,000 dollars')).toEqual([
      'version',
      '3.5',
      'costs',
      '1000',
      'dollars',
    ]);
    expect(tokenize('COVID-19 self-isolation')).toEqual(['covid', '19', 'self', 'isolation']);
    expect(tokenize('10mg dose')).toEqual(['10mg', 'dose']);
  });

  it('tokenizes non-Latin scripts without losing them', () => {
    expect(tokenize('Москва и Київ')).toEqual(['москва', 'и', 'киів']);
  });
});

describe('questionMatch', () => {
  it('is 1 for the same content words in another phrasing', () => {
    expect(questionMatch('how can I get a refund?', 'How do I get refunds')).toBe(1);
  });

  it('is high for near matches and low for unrelated questions', () => {
    expect(
      questionMatch('how long does shipping take to Canada', 'How long does shipping take?'),
    ).toBeGreaterThan(0.6);
    expect(questionMatch('how do I reset my password', 'How long does shipping take?')).toBe(0);
    expect(questionMatch('anything', null)).toBe(0);
  });
});
