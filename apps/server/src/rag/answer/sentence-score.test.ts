import { describe, expect, it } from 'vitest';
import { answerTypeOf } from './answer-type.ts';
import { candidatesOf } from './candidates.ts';
import { wantedTerms } from './relevance.ts';
import { scoreCandidates } from './sentence-score.ts';
import type { Passage } from './types.ts';

const passageOf = (text: string): Passage => ({
  chunkId: 1,
  documentId: 'doc-1',
  score: 1,
  heading: null,
  question: null,
  title: 'Pricing',
  url: 'https://acme.example/pricing',
  text,
});

const prices: Passage = {
  ...passageOf(
    'Renting a long number costs from €1 a month.\n\nAn SMS to Germany is €0.072 per segment.',
  ),
  heading: 'Pricing › SMS',
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

describe('sentence scores for a table row', () => {
  it('do not take a row of few words for a sentence saying little: its labels say the rest', () => {
    const prices = { ...passageOf('Destination: India | Price per segment: €0.0045'), chunkId: 2 };
    const senders = {
      ...passageOf(
        'Country: India | Alphanumeric sender ID: Supported, registration required | Notes: Register it first.',
      ),
      chunkId: 3,
    };
    const candidates = [...candidatesOf(prices, 0), ...candidatesOf(senders, 1)];
    scoreCandidates(wantedTerms({ question: 'And to India?' }), new Set(), new Set(), candidates);
    // The same word matched, the better-ranked passage's row scores higher.
    expect(candidates[0]?.score).toBeGreaterThan(candidates[1]?.score ?? Infinity);
  });
});

describe('sentence scores where every passage is about the question’s subject', () => {
  const hosting: Passage = {
    ...passageOf(
      [
        'When the site is in a subdirectory of a domain, put that subdirectory in the setting.',
        'A subdirectory of a domain serves the site like its root.',
        'The site may move to another subdirectory of the domain later.',
        'Every subdirectory of the domain can hold a site.',
        'Pages behind a login are skipped by the proxy.',
      ].join(' '),
    ),
    title: 'Hosting',
  };

  it('prefer a sentence on the subject to one holding only words the question mentions in passing', () => {
    const question =
      'Our site is in a subdirectory of our domain, behind a proxy. Which address do I use?';
    const candidates = candidatesOf(hosting, 0);
    scoreCandidates(wantedTerms({ question }), answerTypeOf(question), new Set(), candidates);
    const score = (start: string) => candidates.find((c) => c.text.startsWith(start))?.score ?? 0;
    expect(score('When the site')).toBeGreaterThan(score('Pages behind'));
  });
});

describe('sentence scores for a call to action', () => {
  it('count nothing for a button line, however many of the question words it holds', () => {
    const question = 'Is there a free trial?';
    const card = passageOf(
      '$12 /month\n\n- Unlimited meetings\n\nStart free trial\n\nEvery plan starts with a 14-day free trial.',
    );
    const candidates = candidatesOf(card, 0);
    scoreCandidates(wantedTerms({ question }), answerTypeOf(question), new Set(), candidates);
    const score = (text: string) => candidates.find((c) => c.text === text)?.score;
    expect(score('Start free trial')).toBe(0);
    expect(score('Every plan starts with a 14-day free trial.')).toBeGreaterThan(0);
  });

  it('count a short line giving a number or ending a sentence as anything else', () => {
    const question = 'How do I call you?';
    const card = passageOf('Call 0800 123 456\n\nEmail us.');
    const candidates = candidatesOf(card, 0);
    scoreCandidates(wantedTerms({ question }), answerTypeOf(question), new Set(), candidates);
    expect(candidates.find((c) => c.text === 'Call 0800 123 456')?.score).toBeGreaterThan(0);
  });
});

describe('sentence scores for a narrow kind of answer', () => {
  it('put a sentence stating a span of time above one sharing more of a duration question’s words', () => {
    const keys = passageOf(
      'Rolling a key schedules the old key to expire, so you can redeploy without downtime.\n\nUntil then both keys are accepted, for up to 7 days.',
    );
    const candidates = candidatesOf({ ...keys, title: 'API keys', chunkId: 4 }, 0);
    const question = 'If I roll my key, how long does the old key keep working?';
    scoreCandidates(wantedTerms({ question }), answerTypeOf(question), new Set(), candidates);
    const [rolling, until] = candidates.map((c) => c.score);
    expect(until).toBeGreaterThan(rolling as number);
  });
});
