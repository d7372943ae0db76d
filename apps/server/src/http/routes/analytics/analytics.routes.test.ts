import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { insertBotWithTextSource } from '../../../../test/helpers/bots.ts';
import { call } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';
import { seedTurn } from '../../../modules/analytics/testing/seed-chats.ts';

const WARRANTY = { title: 'Warranty', url: 'https://acme.example/warranty', chunk_id: '1' };

/** GET /api/analytics/summary: counts per local day, resolutions, ownership. */
describe('analytics summary', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let botId: string;
  let quietBotId: string;

  const summary = (who: SignedIn, query: string) =>
    call(t, who, 'GET', `/api/analytics/summary?${query}`);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t.runtime.ctx);
    stranger = await createSignedInUser(t.runtime.ctx);
    const db = t.runtime.ctx.db;
    botId = (await insertBotWithTextSource(db, { user_id: owner.userId, name: 'Acme' })).botId;
    quietBotId = (await insertBotWithTextSource(db, { user_id: owner.userId, name: 'Quiet' }))
      .botId;
    // 23:30 UTC on 10 March is already 11 March in Tokyo (+9) and still 10 March in New York.
    const late = await seedTurn(db, {
      botId,
      question: 'Frame warranty?',
      sources: [WARRANTY],
      latencyMs: 100,
      feedback: 1,
      country: 'NL',
      at: '2026-03-10T23:30:00Z',
    });
    await seedTurn(db, {
      botId,
      conversationId: late.conversationId,
      question: 'And the brakes?',
      sources: [WARRANTY],
      latencyMs: 300,
      at: '2026-03-10T23:40:00Z',
    });
    // Not resolved: one unanswered turn.
    await seedTurn(db, {
      botId,
      channel: 'page',
      question: 'Do you sell skateboards?',
      answered: false,
      latencyMs: 200,
      at: '2026-03-11T09:00:00Z',
    });
    // Not resolved: a thumbs-down. 16:00 UTC on 11 March is 12 March in Tokyo.
    await seedTurn(db, {
      botId,
      channel: 'dashboard',
      question: 'Frame warranty?',
      feedback: -1,
      latencyMs: 400,
      at: '2026-03-11T16:00:00Z',
    });
  });
  afterAll(() => t.close());

  it('counts per local day of the requested time zone, across the date line', async () => {
    const tokyo = await summary(
      owner,
      `bot_id=${botId}&from=2026-03-10&to=2026-03-11&tz=Asia/Tokyo`,
    );
    expect(tokyo.status).toBe(200);
    expect(tokyo.body.response).toMatchObject({
      conversations: 2,
      messages: 3,
      unanswered: 1,
      thumbs_up: 1,
      thumbs_down: 0,
      per_day: [
        { date: '2026-03-10', conversations: 0, messages: 0, unanswered: 0 },
        { date: '2026-03-11', conversations: 2, messages: 3, unanswered: 1 },
      ],
    });
    const utc = await summary(owner, `bot_id=${botId}&from=2026-03-10&to=2026-03-11&tz=UTC`);
    expect(utc.body.response.per_day).toEqual([
      { date: '2026-03-10', conversations: 1, messages: 2, unanswered: 0 },
      { date: '2026-03-11', conversations: 2, messages: 2, unanswered: 1 },
    ]);
    expect(utc.body.response).toMatchObject({
      conversations: 3,
      messages: 4,
      thumbs_up: 1,
      thumbs_down: 1,
      latency_ms: { median: 250, p95: 385 },
      channels: [
        { channel: 'dashboard', conversations: 1 },
        { channel: 'page', conversations: 1 },
        { channel: 'widget', conversations: 1 },
      ],
      countries: [{ country: 'NL', conversations: 1 }],
      top_questions: [
        { question: 'Frame warranty?', count: 2 },
        { question: 'And the brakes?', count: 1 },
        { question: 'Do you sell skateboards?', count: 1 },
      ],
      top_sources: [{ title: 'Warranty', url: 'https://acme.example/warranty', count: 2 }],
    });
  });

  it('counts a resolution: an answered conversation without unanswered turns or thumbs-down', async () => {
    const utc = await summary(owner, `bot_id=${botId}&from=2026-03-10&to=2026-03-11&tz=UTC`);
    expect(utc.body.response.resolutions).toBe(1);
    const cards = await call(t, owner, 'GET', '/api/dashboard/chat-bot-list');
    const card = cards.body.response.bot_details.find(
      (b: { bot_id: string }) => b.bot_id === botId,
    );
    expect(card).toMatchObject({ conversations: 3, messages: 4, resolutions: 1 });
  });

  it('sums every bot of the account by default and gives a new bot zeros, one entry per day', async () => {
    const all = await summary(owner, 'from=2026-03-10&to=2026-03-11&tz=UTC');
    expect(all.body.response.messages).toBe(4);
    const quiet = await summary(owner, `bot_id=${quietBotId}&from=2026-03-01&to=2026-03-07`);
    expect(quiet.body.response).toMatchObject({
      conversations: 0,
      messages: 0,
      latency_ms: { median: null, p95: null },
      top_questions: [],
    });
    expect(quiet.body.response.per_day).toHaveLength(7);
    expect(quiet.body.response.uncited_sources).toEqual([]);
  });

  it('refuses another account’s bot (404), bad zones and reversed ranges (400)', async () => {
    expect((await summary(stranger, `bot_id=${botId}`)).status).toBe(404);
    expect((await summary(stranger, 'from=2026-03-10&to=2026-03-11')).body.response).toMatchObject({
      conversations: 0,
      messages: 0,
    });
    expect((await summary(owner, 'tz=Mars/Olympus')).status).toBe(400);
    expect((await summary(owner, 'from=2026-03-11&to=2026-03-10')).status).toBe(400);
    expect((await call(t, null, 'GET', '/api/analytics/summary')).status).toBe(401);
  });

  it('documents the analytics, inbox and feedback routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/analytics/summary',
      '/api/analytics/gaps',
      '/api/analytics/gaps/answer',
      '/api/inbox/conversations',
      '/api/inbox/conversations/{id}',
      '/api/inbox/export',
      '/api/ai/feedback',
      '/api/public/bots/{botId}/feedback',
    ]) {
      expect(paths).toContain(path);
    }
    const params = doc.paths['/api/analytics/summary'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params).toEqual(expect.arrayContaining(['bot_id', 'from', 'to', 'tz']));
  });

  it('lists trained documents no answer of the range cited, matched per bot by URL or title', async () => {
    const db = t.runtime.ctx.db;
    const doc = (bot: string, title: string, url: string | null) =>
      db
        .selectFrom('sources')
        .select('id')
        .where('bot_id', '=', bot)
        .executeTakeFirstOrThrow()
        .then(({ id }) =>
          db
            .insertInto('documents')
            .values({ bot_id: bot, source_id: id, title, url, content_hash: `${bot}${title}` })
            .execute(),
        );
    await doc(botId, 'Warranty', WARRANTY.url);
    await doc(botId, 'Returns', 'https://acme.example/returns');
    await doc(botId, 'Shipping', null);
    // The same page trained by another bot was not cited by that bot's answers.
    await doc(quietBotId, 'Warranty', WARRANTY.url);
    const all = await summary(owner, 'from=2026-03-10&to=2026-03-11&tz=UTC');
    expect(all.body.response.top_sources).toEqual([
      { title: 'Warranty', url: WARRANTY.url, count: 2 },
    ]);
    expect(all.body.response.uncited_sources).toEqual([
      { title: 'Returns', url: 'https://acme.example/returns' },
      { title: 'Shipping', url: null },
      { title: 'Warranty', url: WARRANTY.url },
    ]);
    const acme = await summary(owner, `bot_id=${botId}&from=2026-03-10&to=2026-03-11&tz=UTC`);
    expect(acme.body.response.uncited_sources.map((d: { title: string }) => d.title)).toEqual([
      'Returns',
      'Shipping',
    ]);
    // Outside the range nothing was cited: every document is listed.
    const before = await summary(owner, `bot_id=${botId}&from=2026-02-01&to=2026-02-02&tz=UTC`);
    expect(before.body.response.uncited_sources).toHaveLength(3);
  });
});
