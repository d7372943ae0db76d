import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { call, startTrainingApp, trainText } from '../../../../test/helpers/knowledge.ts';
import type { SignedIn } from '../../../../test/helpers/users.ts';
import { seedTurn } from '../../../modules/analytics/testing/seed-chats.ts';
import { DONT_KNOW_REPLY } from '../../../rag/answer/replies.ts';

/** Knowledge gaps (grouping, dismiss, Add answer), the inbox and the CSV exports. */
describe('knowledge gaps and the inbox', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let botId: string;
  let skateboards: string;

  const gaps = async (who: SignedIn = alice) =>
    (await call(t, who, 'GET', `/api/analytics/gaps?bot_id=${botId}`)).body.response;
  const inbox = (query: string, who: SignedIn = alice) =>
    call(
      t,
      who,
      'GET',
      `/api/inbox/conversations?bot_id=${botId}&from=2026-03-01&to=2026-03-31&${query}`,
    );

  beforeAll(async () => {
    ({ t, alice, bob } = await startTrainingApp());
    ({ botId } = await trainText(t, alice, [
      { title: 'Warranty', content: 'Every frame comes with a lifetime warranty.' },
    ]));
    const db = t.runtime.ctx.db;
    const failed = { botId, answered: false, answer: DONT_KNOW_REPLY };
    ({ conversationId: skateboards } = await seedTurn(db, {
      ...failed,
      question: 'Do you sell skateboards?',
      at: '2026-03-05T10:00:00Z',
    }));
    await seedTurn(db, {
      ...failed,
      question: 'do you sell skateboards',
      at: '2026-03-06T10:00:00Z',
    });
    await seedTurn(db, {
      ...failed,
      channel: 'page',
      question: 'Skateboards: do you sell them?',
      at: '2026-03-07T10:00:00Z',
    });
    await seedTurn(db, {
      botId,
      question: 'How long is the warranty?',
      answer: '=HYPERLINK("https://evil.example")',
      feedback: -1,
      at: '2026-03-08T10:00:00Z',
    });
    await seedTurn(db, {
      botId,
      question: 'Frame warranty?',
      feedback: 1,
      at: '2026-03-09T10:00:00Z',
    });
  });
  afterAll(() => t.close());

  it('groups near-duplicate failed questions with their count and last asked', async () => {
    expect(await gaps()).toEqual([
      expect.objectContaining({
        question: 'Do you sell skateboards?',
        count: 3,
        unanswered: 3,
        last_asked: '2026-03-07T10:00:00.000Z',
        variants: ['do you sell skateboards', 'Skateboards: do you sell them?'],
      }),
      expect.objectContaining({ question: 'How long is the warranty?', count: 1, thumbs_down: 1 }),
    ]);
    expect((await call(t, bob, 'GET', `/api/analytics/gaps?bot_id=${botId}`)).status).toBe(404);
  });

  it('lists conversations newest first with filters, search and paging; 404 for others', async () => {
    const all = await inbox('tz=UTC');
    expect(all.body.response.total).toBe(5);
    expect(all.body.response.items[0]).toMatchObject({ title: 'Frame warranty?', resolved: true });
    expect((await inbox('unanswered=true')).body.response.total).toBe(3);
    expect(
      (await inbox('feedback=down')).body.response.items.map((c: { title: string }) => c.title),
    ).toEqual(['How long is the warranty?']);
    expect((await inbox('channel=page')).body.response.total).toBe(1);
    expect((await inbox('q=SKATEBOARD')).body.response.total).toBe(3);
    expect((await inbox('q=100%25')).body.response.total).toBe(0); // % is a character, not a wildcard
    const paged = await inbox('page=2&page_size=2');
    expect(paged.body.response).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(paged.body.response.items).toHaveLength(2);

    const detail = await call(t, alice, 'GET', `/api/inbox/conversations/${skateboards}`);
    expect(detail.body.response.turns).toEqual([
      expect.objectContaining({
        question: 'Do you sell skateboards?',
        answered: false,
        sources: [],
      }),
    ]);
    expect((await call(t, bob, 'GET', `/api/inbox/conversations/${skateboards}`)).status).toBe(404);
    expect((await inbox('', bob)).status).toBe(404);
  });

  it('exports conversations and gaps as CSV with formula cells neutralised', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/inbox/export?bot_id=${botId}&from=2026-03-01&to=2026-03-31&feedback=down`,
      headers: alice.headers,
    });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'conversation_id,bot,channel,country,asked_at,question,answer,answered,feedback,latency_ms,sources',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `How long is the warranty?,"'=HYPERLINK(""https://evil.example"")",yes,down`,
    );
    const gapsCsv = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/gaps/export?bot_id=${botId}`,
      headers: alice.headers,
    });
    expect(gapsCsv.body.split('\r\n')[1]).toMatch(
      /^Warranty,Do you sell skateboards\?,3,2026-03-07T/,
    );
  });

  it('dismisses a gap, and Add answer trains it so the next visitor gets that answer', async () => {
    const [skate, warranty] = await gaps();
    const dismissed = await call(t, alice, 'POST', '/api/analytics/gaps/dismiss', {
      bot_id: botId,
      gap_id: warranty.gap_id,
    });
    expect(dismissed.status).toBe(200);
    const stolen = await call(t, bob, 'POST', '/api/analytics/gaps/answer', {
      bot_id: botId,
      gap_id: skate.gap_id,
      question: 'x',
      answer: 'y',
    });
    expect(stolen.status).toBe(404);
    const answered = await call(t, alice, 'POST', '/api/analytics/gaps/answer', {
      bot_id: botId,
      gap_id: skate.gap_id,
      question: 'Do you sell skateboards?',
      answer: 'No, we only sell bicycles and their parts.',
    });
    expect(answered.status).toBe(200);
    expect(await gaps()).toEqual([]);
    await t.runtime.ctx.jobs.whenIdle(60_000);
    const again = await call(t, alice, 'POST', '/api/ai/chat', {
      bot_id: botId,
      question: 'Do you sell skateboards?',
    });
    expect(again.body.response.answer).toBe('No, we only sell bicycles and their parts.');
    const closedAgain = await call(t, alice, 'POST', '/api/analytics/gaps/dismiss', {
      bot_id: botId,
      gap_id: skate.gap_id,
    });
    expect(closedAgain.status).toBe(404);
  });
});
