import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../../../test/helpers/fake-openai.ts';
import { carryTopic, leansOnContext, pointsBack, searchRequestFor } from './follow-up.ts';
import { createLlmEngine } from './llm.ts';
import { parseRewrite } from './rewrite.ts';
import { parseSearchTerms } from './search-terms.ts';

const tagged = { question: 'How do I create a tag named v1.0?', answer: 'Run git tag v1.0 [1].' };
const history = [tagged];

/** The model: an OpenAI-compatible server over HTTP, its replies set by each test. */
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => fake.reset());
const engine = (searchTerms?: boolean) =>
  createLlmEngine({
    baseUrl: fake.url,
    model: 'fake-model',
    ...(searchTerms === undefined ? {} : { searchTerms }),
  });

describe('a follow-up rewritten by the model', () => {
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
    // A follow-up asks the model twice at once: to rewrite it, and for its search words.
    fake.failNext(500, 2);
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
});

describe("questions searched with the model's words for them too", () => {
  const question = 'Can I download just the recent part of the repo?';

  it("carries the model's words the question lacks, together weighing less than its own", async () => {
    fake.setReply('shallow clone depth truncated history recent download');
    const search = await searchRequestFor(engine(), question, []);
    expect(search.question).toBe(question);
    expect(search.near).toBeUndefined();
    // Its own words (download, recent) are not carried again.
    expect(search.carried?.terms.sort()).toEqual([
      'clone',
      'depth',
      'histori',
      'shallow',
      'truncat',
    ]);
    const own = 4; // download, recent, part, repo
    expect((search.carried?.weight ?? 0) * 5).toBeLessThanOrEqual(own);
    expect(search.carried?.weight).toBeGreaterThan(0);
    const prompt = fake.chatCalls()[0]?.messages.at(-1)?.content ?? '';
    expect(prompt).toContain(question);
  });

  it('searches with the question alone when the model fails, repeats its input or is slow', async () => {
    fake.failNext(500);
    expect(await searchRequestFor(engine(), question, [])).toEqual({ question });
    // A model that only echoes its input gives the question back on several lines.
    fake.setReply((body) => body.messages.at(-1)?.content ?? '');
    expect(await searchRequestFor(engine(), question, [])).toEqual({ question });
    fake.setReply(
      () => new Promise((resolve) => setTimeout(() => resolve('shallow clone depth'), 1500)),
    );
    expect(await searchRequestFor(engine(), question, [], { timeoutMs: 300 })).toEqual({
      question,
    });
  });

  it('leaves a model that was too slow for them unasked for a while, not one a visitor left', async () => {
    const slow = engine();
    fake.setReply(
      () => new Promise((resolve) => setTimeout(() => resolve('shallow clone depth'), 1500)),
    );
    await searchRequestFor(slow, question, [], { timeoutMs: 300 });
    expect(fake.chatCalls()).toHaveLength(1);
    fake.setReply('shallow clone depth');
    expect(await searchRequestFor(slow, question, [])).toEqual({ question });
    expect(fake.chatCalls()).toHaveLength(1);
    // Another engine (another process) asks: the pause is this engine's.
    expect((await searchRequestFor(engine(), question, [])).carried?.terms).toContain('shallow');
    // A visitor who goes away mid-call pauses nothing.
    const left = engine();
    const visitor = new AbortController();
    fake.setReply(() => {
      visitor.abort();
      return new Promise((resolve) => setTimeout(() => resolve('shallow clone depth'), 300));
    });
    await searchRequestFor(left, question, [], { signal: visitor.signal });
    fake.setReply('shallow clone depth');
    expect((await searchRequestFor(left, question, [])).carried?.terms).toContain('shallow');
  });

  it("carries a follow-up's words beside its rewrite, asked for with the conversation", async () => {
    fake.setReply((body) =>
      body.messages.at(-1)?.content.includes('<last_message>')
        ? 'How do I delete the tag v1.0?'
        : 'delete remove erase tag',
    );
    const search = await searchRequestFor(engine(), 'Oops, how do I get rid of it?', history);
    expect(search.question).toBe('How do I delete the tag v1.0?');
    // The rewrite's own words are not carried again.
    expect(search.carried?.terms.sort()).toEqual(['eras', 'remov']);
    const asked = fake
      .chatCalls()
      .map((c) => c.messages.at(-1)?.content ?? '')
      .find((m) => !m.includes('<last_message>'));
    expect(asked).toContain('How do I create a tag named v1.0?');
    expect(asked).toContain('<question>\nOops, how do I get rid of it?\n</question>');
  });

  it('asks nothing when turned off, or for small talk', async () => {
    expect(await searchRequestFor(engine(false), question, [])).toEqual({ question });
    expect(await searchRequestFor(engine(), 'Hi there!', [])).toEqual({ question: 'Hi there!' });
    expect(fake.chatCalls()).toHaveLength(0);
  });
});

describe('without a model', () => {
  it('tells a question leaning on the previous turn from one standing on its own', () => {
    expect(leansOnContext('Can I restrict it to a few lines?')).toBe(true);
    expect(leansOnContext('And the price?')).toBe(true);
    expect(leansOnContext('Which port does the daemon listen on by default?')).toBe(false);
  });

  it('reads "that" as pointing back unless it opens a clause', () => {
    expect(pointsBack('Where does that file end up in the generated HTML?')).toBe(true);
    expect(pointsBack('OK, I did that and installed the package. What am I missing?')).toBe(true);
    expect(pointsBack('Can I change that?')).toBe(true);
    expect(pointsBack('Will other sessions still read the table while that runs?')).toBe(true);
    expect(pointsBack('For that, could I write a string literal instead?')).toBe(true);
    expect(pointsBack('Is there an option that makes the build fail on warnings?')).toBe(false);
    expect(pointsBack('My drive is a disk that isn’t always plugged in. What should I do?')).toBe(
      false,
    );
    expect(pointsBack('Which files that I deleted can be restored?')).toBe(false);
    expect(pointsBack('How do I make sure that the build fails on warnings?')).toBe(false);
  });

  it('carries the earlier topic, not the words that only shaped its request', () => {
    const suite = [
      { question: 'Please tell me about the family suite.', answer: 'It has two bedrooms.' },
    ];
    expect(carryTopic('How many people does it sleep?', suite).carried?.terms).toEqual([
      'famili',
      'suit',
    ]);
  });

  it('reads a model reply as search words only when it is one line of them', () => {
    expect(parseSearchTerms(' shallow clone --depth ')).toBe('shallow clone --depth');
    expect(parseSearchTerms('')).toBeNull();
    expect(parseSearchTerms('<question>\nCan I?\n</question>')).toBeNull();
    expect(parseSearchTerms('word '.repeat(80))).toBeNull();
  });

  it('reads a model reply as a question only when it is one line of question', () => {
    expect(parseRewrite(' "Standalone question: How do I delete a tag?" ')).toBe(
      'How do I delete a tag?',
    );
    expect(parseRewrite('')).toBeNull();
    expect(parseRewrite('line one\nline two')).toBeNull();
  });
});
