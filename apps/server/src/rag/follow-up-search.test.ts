import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../../test/helpers/fake-openai.ts';
import type { IngestDocument } from '../ingest/pipeline.ts';
import { useSearchTestDb } from '../search/testing/use-search-test-db.ts';
import { createExtractiveEngine } from './answer/extractive.ts';
import { searchRequestFor } from './answer/follow-up.ts';
import type { AnswerEngine, AnswerSource, PastTurn } from './answer/index.ts';
import { createLlmEngine } from './answer/llm.ts';
import { retrievePassages } from './passages.ts';
import { trainBot } from './testing/train-bot.ts';

/**
 * Conversations over a small site of our own, turn by turn as the chat runs them: the first
 * question answered and its sources kept as the history, then the next question searched with
 * searchRequestFor. A follow-up must reach the page of what it refers to; a question that stands
 * on its own must reach its own page, not the previous topic's.
 */
const t = useSearchTestDb();

const site: IngestDocument[] = [
  {
    title: 'Tags',
    kind: 'text',
    text: 'Create a tag with tag create NAME; it marks the current commit. Delete a tag with tag delete NAME: the commits it marked stay. List every tag with tag list.',
  },
  {
    title: 'Branches',
    kind: 'text',
    text: 'Create a branch with branch create NAME. Delete a branch with branch delete NAME once it is merged. List the branches with branch list.',
  },
  {
    title: 'Mentors and sponsors',
    kind: 'text',
    text: 'New contributors find a mentor, and a sponsor uploads their package until they can upload it themselves. Mentors review the package; sponsors check it again before the upload.',
  },
  {
    title: 'NMU',
    kind: 'text',
    text: 'An NMU is an upload of a package by someone other than its maintainer.',
  },
  {
    title: 'Credential cache',
    kind: 'text',
    text: 'The cache helper remembers passwords in memory, never on disk, for 900 seconds.',
  },
  {
    title: 'Credential store',
    kind: 'text',
    text: 'The store helper remembers passwords on disk. Stored passwords stay there until you erase them.',
  },
];

const BOT = { name: 'Bot', agentName: '', businessName: '', basePrompt: '' };

/** One turn as modules/chat/chat-turn.ts runs it: search, retrieve, answer, sources. */
async function ask(botId: string, engine: AnswerEngine, question: string, history: PastTurn[]) {
  const search = await searchRequestFor(engine, question, history);
  const passages = await retrievePassages(t.db, {
    botId,
    query: search.question,
    carried: search.carried,
    near: search.near,
    limit: engine.passageCount ?? 8,
  });
  let answer = '';
  let sources: AnswerSource[] = [];
  for await (const ev of engine.answer({ bot: BOT, question, history, passages, search })) {
    if (ev.type === 'token') answer += ev.text;
    if (ev.type === 'sources') sources = ev.sources;
  }
  const turn: PastTurn = {
    question,
    answer,
    sourceChunks: sources.map((s) => Number(s.chunkId)),
    sourcePlaces: sources.map((s) => ({ title: s.title, section: s.section ?? null })),
  };
  return { top: passages[0]?.title, turn };
}

describe('follow-ups on a small site, without a model', () => {
  let botId: string;
  const engine = createExtractiveEngine();
  beforeAll(async () => {
    botId = await trainBot(t.db, site);
  });

  it.each([
    // Leaning on the previous turn: alone, the question finds another page; in the
    // conversation, the page of what it refers to.
    ['How do I create a tag?', 'How do I delete it?', 'Branches', 'Tags'],
    ['How do I create a branch?', 'And how do I list them?', 'Credential store', 'Branches'],
    // Standing on their own: the earlier topic does not drag them back.
    ['How do I create a tag?', 'How do I delete a merged branch?', 'Branches', 'Branches'],
    [
      'How do mentors and sponsors review and upload a new package?',
      'What is an NMU?',
      'NMU',
      'NMU',
    ],
  ])('after "%s", "%s" (alone: %s) is answered from %s', async (first, next, alone, page) => {
    expect((await ask(botId, engine, next, [])).top).toBe(alone);
    const { turn } = await ask(botId, engine, first, []);
    expect((await ask(botId, engine, next, [turn])).top).toBe(page);
  });
});

describe('a follow-up rewritten by a model (fake OpenAI server over HTTP)', () => {
  let fake: FakeOpenAI;
  let botId: string;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    botId = await trainBot(t.db, site);
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('finds a loosely worded rewrite on the page the previous answer came from', async () => {
    const engine = createLlmEngine({ baseUrl: fake.url, model: 'fake-model' });
    const generic = 'How long does the helper remember passwords?';
    // Alone, the rewrite matches the store page at least as well as the cache page.
    const [alone] = await retrievePassages(t.db, { botId, query: generic, limit: 1 });
    expect(alone?.title).toBe('Credential store');
    const [cache] = await retrievePassages(t.db, { botId, query: 'cache helper', limit: 1 });
    expect(cache?.title).toBe('Credential cache');
    const history: PastTurn[] = [
      {
        question: 'Can my password stay in memory instead of on disk?',
        answer: 'Yes, the cache helper keeps it in memory [1].',
        sourceChunks: [Number(cache?.chunkId)],
        sourcePlaces: [{ title: 'Credential cache' }],
      },
    ];
    fake.setReply(generic);
    const search = await searchRequestFor(engine, 'How long does it remember it?', history);
    expect(search.question).toBe(generic);
    const [first] = await retrievePassages(t.db, {
      botId,
      query: search.question,
      carried: search.carried,
      near: search.near,
      limit: 1,
    });
    expect(first?.title).toBe('Credential cache');
  });
});

describe("a question searched with the model's words for it too (fake OpenAI server over HTTP)", () => {
  let fake: FakeOpenAI;
  let botId: string;
  const question = 'Can I download just the recent part of the repo instead of everything?';
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    botId = await trainBot(t.db, [
      {
        title: 'Shallow clone',
        kind: 'text',
        text: 'Create a shallow clone with a history truncated to the given number of commits: clone --depth N.',
      },
      {
        title: 'Downloads',
        kind: 'text',
        text: 'Download the installer for your system from the downloads page. Every part of a download is signed.',
      },
    ]);
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('finds the page worded as the model expects, where the question alone finds another', async () => {
    expect((await ask(botId, createExtractiveEngine(), question, [])).top).toBe('Downloads');
    fake.setReply('shallow clone depth history truncated');
    const engine = createLlmEngine({ baseUrl: fake.url, model: 'fake-model' });
    expect((await ask(botId, engine, question, [])).top).toBe('Shallow clone');
    // Without the model's words (turned off), the same engine finds what the question alone does.
    const off = createLlmEngine({ baseUrl: fake.url, model: 'fake-model', searchTerms: false });
    expect((await ask(botId, off, question, [])).top).toBe('Downloads');
  });
});
