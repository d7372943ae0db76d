import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../../../test/helpers/fake-openai.ts';
import { carryTopic, leansOnContext, searchRequestFor } from './follow-up.ts';
import { createLlmEngine } from './llm.ts';
import { parseRewrite } from './rewrite.ts';

const tagged = { question: 'How do I create a tag named v1.0?', answer: 'Run git tag v1.0 [1].' };
const history = [tagged];

describe('a follow-up rewritten by the model (OpenAI-compatible server over HTTP)', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => fake.reset());
  const engine = () => createLlmEngine({ baseUrl: fake.url, model: 'fake-model' });

  it('searches with the standalone question the model wrote', async () => {
    fake.setReply('How do I delete the tag v1.0?');
    const search = await searchRequestFor(engine(), 'Oops, how do I get rid of it?', history);
    expect(search).toEqual({ question: 'How do I delete the tag v1.0?' });
    const [call] = fake.chatCalls();
    const prompt = call?.messages.at(-1)?.content ?? '';
    expect(prompt).toContain('How do I create a tag named v1.0?');
    expect(prompt).toContain('Oops, how do I get rid of it?');
  });

  it('names the pages the previous answer came from, so the rewrite can use their words', async () => {
    fake.setReply('How do I delete the tag v1.0?');
    await searchRequestFor(engine(), 'Oops, how do I get rid of it?', [
      {
        ...tagged,
        sourceChunks: [7, 9],
        sourcePlaces: [
          { title: 'Tags', section: 'Creating tags' },
          { title: 'Release checklist', section: null },
        ],
      },
    ]);
    const prompt = fake.chatCalls()[0]?.messages.at(-1)?.content ?? '';
    expect(prompt).toContain('answered from: Tags › Creating tags; Release checklist');
  });

  it('keeps the pages the previous answer came from as a mild preference for the rewrite', async () => {
    fake.setReply('How do I delete the tag v1.0?');
    const cited = [{ ...tagged, sourceChunks: [7, 9] }];
    const search = await searchRequestFor(engine(), 'Oops, how do I get rid of it?', cited);
    expect(search.question).toBe('How do I delete the tag v1.0?');
    expect(search.near?.chunkIds).toEqual([7, 9]);
    // As strong as for a question that stands on its own without a model, no stronger.
    const standalone = 'Which port does the daemon listen on by default?';
    expect(leansOnContext(standalone)).toBe(false);
    expect(search.near?.boost).toBe(carryTopic(standalone, cited).near?.boost);
  });

  it('falls back to carrying the previous topic when the model fails, rambles or is slow', async () => {
    const carried = carryTopic('Oops, how do I get rid of it?', history);
    expect(carried.carried?.terms).toEqual(expect.arrayContaining(['tag', 'name']));
    fake.failNext(500);
    expect(await searchRequestFor(engine(), 'Oops, how do I get rid of it?', history)).toEqual(
      carried,
    );
    fake.setReply('Sure! Here is the question:\nHow do I delete the tag?');
    expect(await searchRequestFor(engine(), 'Oops, how do I get rid of it?', history)).toEqual(
      carried,
    );
    fake.setReply(
      () => new Promise((resolve) => setTimeout(() => resolve('How do I delete it?'), 1500)),
    );
    const slow = await searchRequestFor(engine(), 'Oops, how do I get rid of it?', history, {
      timeoutMs: 300,
    });
    expect(slow).toEqual(carried);
  });

  it('asks nothing for the first question of a conversation', async () => {
    expect(await searchRequestFor(engine(), 'How do I tag a release?', [])).toEqual({
      question: 'How do I tag a release?',
    });
    expect(fake.chatCalls()).toHaveLength(0);
  });
});

describe('without a model', () => {
  it('tells a question leaning on the previous turn from one standing on its own', () => {
    expect(leansOnContext('Can I restrict it to a few lines?')).toBe(true);
    expect(leansOnContext('And the price?')).toBe(true);
    expect(leansOnContext('Which port does the daemon listen on by default?')).toBe(false);
  });

  it('reads a model reply as a question only when it is one line of question', () => {
    expect(parseRewrite(' "Standalone question: How do I delete a tag?" ')).toBe(
      'How do I delete a tag?',
    );
    expect(parseRewrite('')).toBeNull();
    expect(parseRewrite('line one\nline two')).toBeNull();
  });
});
