import { parseEventStream } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { insertBotWithTextSource } from '../../../../test/helpers/bots.ts';
import { call } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';
import { DONT_KNOW_REPLY } from '../../../rag/answer/replies.ts';
import { addDocument } from '../../../search/testing/search-db.ts';

const VISITOR_A = 'visitorAAAAAAAAAAAAAAAA';
const VISITOR_B = 'visitorBBBBBBBBBBBBBBBB';

/** What every chat path records with a turn (issue 14), and the votes on answers. */
describe('chat events and answer feedback', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let botId: string;

  const turnRow = (turnId: string) =>
    t.runtime.ctx.db
      .selectFrom('chat_turns')
      .innerJoin('conversations', 'conversations.id', 'chat_turns.conversation_id')
      .select([
        'chat_turns.answered',
        'chat_turns.latency_ms',
        'chat_turns.engine',
        'chat_turns.feedback',
        'chat_turns.sources',
        'conversations.channel',
        'conversations.country',
        'conversations.thumbs_up',
        'conversations.thumbs_down',
        'conversations.unanswered_count',
      ])
      .where('chat_turns.turn_key', '=', turnId)
      .executeTakeFirstOrThrow();

  /** A widget (or full-page) chat from a visitor at `ip`; returns the `done` event's data. */
  async function visitorAsks(question: string, opts: { ip: string; mode?: string }) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/bots/${botId}/chat`,
      remoteAddress: opts.ip,
      headers: { origin: 'https://shop.example' },
      payload: { visitor_id: VISITOR_A, question, ...(opts.mode ? { mode: opts.mode } : {}) },
    });
    expect(res.statusCode).toBe(200);
    const done = parseEventStream(res.body).find((e) => e.event === 'done');
    return JSON.parse(done?.data ?? '{}') as { turn_id: string; conversation_id: string };
  }
  const visitorVotes = (visitor: string, turnId: string, rating: string | null) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/bots/${botId}/feedback`,
      headers: { origin: 'https://shop.example' },
      payload: { visitor_id: visitor, turn_id: turnId, rating },
    });

  beforeAll(async () => {
    t = await createTestApp({ CHAT_MESSAGES_PER_MINUTE: '1000' });
    owner = await createSignedInUser(t.runtime.ctx);
    stranger = await createSignedInUser(t.runtime.ctx);
    const bot = await insertBotWithTextSource(t.runtime.ctx.db, {
      user_id: owner.userId,
      name: 'Acme helper',
    });
    botId = bot.botId;
    await addDocument(t.runtime.ctx.db, bot, {
      title: 'Warranty',
      url: 'https://acme.example/warranty',
      kind: 'web',
      text: 'Every frame comes with a lifetime warranty against manufacturing defects.',
    });
  });
  afterAll(() => t.close());

  it('records the dashboard turn: engine, latency, sources, answered or not', async () => {
    const answered = await call(t, owner, 'POST', '/api/ai/chat', {
      bot_id: botId,
      question: 'What does the frame warranty cover?',
    });
    expect(answered.body.response.turn_id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await turnRow(answered.body.response.turn_id);
    expect(row).toMatchObject({ answered: true, engine: 'extractive', channel: 'dashboard' });
    expect(row.latency_ms).toBeGreaterThanOrEqual(0);
    expect(row.sources.map((s) => s.title)).toEqual(['Warranty']);
    expect(row.country).toBeNull();

    const unknown = await call(t, owner, 'POST', '/api/ai/chat', {
      bot_id: botId,
      question: 'Do you sell skateboards in Lisbon?',
      conversation_id: answered.body.response.conversation_id,
    });
    expect(unknown.body.response.answer).toBe(DONT_KNOW_REPLY);
    const gap = await turnRow(unknown.body.response.turn_id);
    expect(gap).toMatchObject({ answered: false, unanswered_count: 1 });
  });

  it('records the widget and full-page channels and the visitor’s country', async () => {
    const widget = await visitorAsks('Is the frame under warranty?', { ip: '81.2.69.160' });
    expect(await turnRow(widget.turn_id)).toMatchObject({ channel: 'widget', country: 'GB' });
    const page = await visitorAsks('Is the frame under warranty?', {
      ip: '10.1.2.3',
      mode: 'page',
    });
    expect(await turnRow(page.turn_id)).toMatchObject({ channel: 'page', country: null });
  });

  it('keeps one changeable vote per answer, for its own visitor only', async () => {
    const { turn_id } = await visitorAsks('Is the frame under warranty?', { ip: '8.8.8.8' });
    expect((await visitorVotes(VISITOR_A, turn_id, 'up')).statusCode).toBe(200);
    expect(await turnRow(turn_id)).toMatchObject({ feedback: 1, thumbs_up: 1, thumbs_down: 0 });
    await visitorVotes(VISITOR_A, turn_id, 'down');
    await visitorVotes(VISITOR_A, turn_id, 'down'); // the same vote again changes nothing
    expect(await turnRow(turn_id)).toMatchObject({ feedback: -1, thumbs_up: 0, thumbs_down: 1 });
    await visitorVotes(VISITOR_A, turn_id, null);
    expect(await turnRow(turn_id)).toMatchObject({ feedback: null, thumbs_up: 0, thumbs_down: 0 });

    expect((await visitorVotes(VISITOR_B, turn_id, 'down')).statusCode).toBe(404);
    expect((await visitorVotes(VISITOR_A, 'not-a-turn', 'down')).statusCode).toBe(404);
    expect((await visitorVotes(VISITOR_A, turn_id, 'sideways')).statusCode).toBe(400);
    // The owner's dashboard cannot vote for the visitor either.
    const asOwner = await call(t, owner, 'POST', '/api/ai/feedback', {
      bot_id: botId,
      turn_id,
      rating: 'up',
    });
    expect(asOwner.status).toBe(404);
  });

  it('lets the owner vote on preview answers, shows the vote in the history, 404 for others', async () => {
    const asked = await call(t, owner, 'POST', '/api/ai/chat', {
      bot_id: botId,
      question: 'Lifetime warranty?',
    });
    const { turn_id, conversation_id } = asked.body.response;
    const vote = await call(t, owner, 'POST', '/api/ai/feedback', {
      bot_id: botId,
      turn_id,
      rating: 'down',
    });
    expect(vote).toMatchObject({ status: 200, body: { response: { turn_id, rating: 'down' } } });
    const history = await call(t, owner, 'POST', '/api/ai/conversations', {
      bot_id: botId,
      conversation_id,
    });
    expect(history.body.response).toEqual([
      expect.objectContaining({ turn_id, feedback: 'down', question: 'Lifetime warranty?' }),
    ]);
    const stolen = await call(t, stranger, 'POST', '/api/ai/feedback', {
      bot_id: botId,
      turn_id,
      rating: 'up',
    });
    expect(stolen.status).toBe(404);
    expect(await turnRow(turn_id)).toMatchObject({ feedback: -1, thumbs_down: 1 });
  });
});
