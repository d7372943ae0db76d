import { describe, expect, it } from 'vitest';
import { answerTypeOf } from './answer-type.ts';
import { candidatesOf } from './candidates.ts';
import { wantedTerms } from './relevance.ts';
import { scoreCandidates } from './sentence-score.ts';
import type { Passage } from './types.ts';

const prices: Passage = {
  chunkId: 1,
  documentId: 'doc-1',
  score: 1,
  heading: 'Pricing › SMS',
  question: null,
  title: 'Pricing',
  url: 'https://acme.example/pricing',
  text: 'Renting a long number costs from €1 a month.\n\nAn SMS to Germany is €0.072 per segment.',
};

/** Each sentence of `prices` with its score for `question`. */
function scores(question: string): Map<string, number> {
  const candidates = candidatesOf(prices, 0);
  scoreCandidates(wantedTerms({ question }), answerTypeOf(question), new Set(), candidates);
  return new Map(candidates.map((c) => [c.text, c.score]));
}

describe('sentence scores for a price question', () => {
  it('do not count the words it asks for a price with when it names what is priced', () => {
    // "Renting … costs" is scored as if the question did not say "cost".
    const renting = 'Renting a long number costs from €1 a month.';
    const germany = scores('How much does one SMS to Germany cost?');
    expect(germany.get(renting)).toBe(scores('How much is one SMS to Germany?').get(renting));
    expect(germany.get('An SMS to Germany is €0.072 per segment.')).toBeGreaterThan(
      germany.get(renting) as number,
    );
  });

  it('count them when the question names nothing else', () => {
    const cost = scores('What does it cost?');
    expect(cost.get('Renting a long number costs from €1 a month.')).toBeGreaterThan(0);
    expect(cost.get('An SMS to Germany is €0.072 per segment.')).toBe(0);
  });
});
