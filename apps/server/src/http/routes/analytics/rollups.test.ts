import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { insertBotWithTextSource } from '../../../../test/helpers/bots.ts';
import { call } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';
import { ROLLUP_TABLES, rollupRows } from '../../../modules/analytics/testing/rollup-rows.ts';
import { type SeedTurn, seedTurn } from '../../../modules/analytics/testing/seed-chats.ts';
import { findTurnByKey, setTurnFeedback } from '../../../modules/chat/feedback.repo.ts';

const HELP = { title: 'Help', url: 'https://acme.example/help', chunk_id: '1' };
const MARCH = 'from=2026-03-01&to=2026-03-31&tz=Asia/Kolkata';

/**
 * The analytics rollups (migration 0015) follow every change to the chats: votes, deletions
 * of a conversation or a bot, chats stored before the rollups existed (the migration's
 * recount), and end up equal to a recount from scratch.
 */
describe('analytics rollups', () => {
  let t: TestApp;
  let owner: SignedIn;
  let botId: string;
  let otherBotId: string;

  const db = () => t.runtime.ctx.db;
  const summary = async (query: string) =>
    (await call(t, owner, 'GET', `/api/analytics/summary?${query}`)).body.response;
  const gaps = async () =>
    (await call(t, owner, 'GET', `/api/analytics/gaps?bot_id=${botId}`)).body.response;
  const seed = (s: Omit<SeedTurn, 'botId'> & { botId?: string }) => seedTurn(db(), { botId, ...s });
  const rollups = () => rollupRows(db());

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t.runtime.ctx);
    botId = (await insertBotWithTextSource(db(), { user_id: owner.userId, name: 'Acme' })).botId;
    otherBotId = (await insertBotWithTextSource(db(), { user_id: owner.userId, name: 'Other' }))
      .botId;
    // 18:40 UTC on 10 March is 00:10 on 11 March in Kolkata (+5:30): a quarter-hour boundary.
    const first = await seed({
      question: 'Where is my parcel?',
      sources: [HELP],
      latencyMs: 120,
      at: '2026-03-10T18:40:00Z',
    });
    await seed({
      conversationId: first.conversationId,
      question: 'Can I pay by card?',
      answered: false,
      latencyMs: 80,
      at: '2026-03-10T18:45:00Z',
    });
    await seed({
      channel: 'page',
      country: 'IN',
      question: 'Where is my parcel?',
      at: '2026-03-12T08:00:00Z',
    });
    await seed({ botId: otherBotId, question: 'Opening hours?', at: '2026-03-12T09:00:00Z' });
  });
  afterAll(() => t.close());

  it('counts chats stored before the rollups existed once the migration recounts them', async () => {
    await sql`ALTER TABLE conversations DISABLE TRIGGER USER`.execute(db());
    await sql`ALTER TABLE chat_turns DISABLE TRIGGER USER`.execute(db());
    try {
      await seed({
        question: 'Do you ship to Norway?',
        answered: false,
        at: '2026-02-03T10:00:00Z',
      });
      await seed({
        question: 'do you ship to norway',
        answered: false,
        at: '2026-02-04T10:00:00Z',
      });
    } finally {
      await sql`ALTER TABLE conversations ENABLE TRIGGER USER`.execute(db());
      await sql`ALTER TABLE chat_turns ENABLE TRIGGER USER`.execute(db());
    }
    const february = `bot_id=${botId}&from=2026-02-01&to=2026-02-28&tz=UTC`;
    expect((await summary(february)).messages).toBe(0);
    await sql`SELECT analytics_recount()`.execute(db());
    expect(await summary(february)).toMatchObject({
      conversations: 2,
      messages: 2,
      unanswered: 2,
      top_questions: [{ question: 'Do you ship to Norway?', count: 2 }],
    });
    expect(await gaps()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ question: 'Do you ship to Norway?', count: 2 }),
      ]),
    );
  });

  it('follows a vote changed: thumbs, resolutions and gaps', async () => {
    const vote = await seed({ question: 'Is the frame steel?', at: '2026-03-20T12:00:00Z' });
    const turn = await findTurnByKey(db(), botId, vote.turnId);
    const march = `bot_id=${botId}&${MARCH}`;
    const before = await summary(march);
    await setTurnFeedback(db(), turn!, -1);
    expect(await summary(march)).toMatchObject({
      thumbs_down: before.thumbs_down + 1,
      resolutions: before.resolutions - 1,
    });
    expect((await gaps()).map((g: { question: string }) => g.question)).toContain(
      'Is the frame steel?',
    );
    await setTurnFeedback(db(), turn!, 1);
    expect(await summary(march)).toMatchObject({
      thumbs_up: before.thumbs_up + 1,
      thumbs_down: before.thumbs_down,
      resolutions: before.resolutions,
    });
    expect((await gaps()).map((g: { question: string }) => g.question)).not.toContain(
      'Is the frame steel?',
    );
  });

  it('follows deletions of a conversation and of a bot', async () => {
    const doomed = await seed({
      question: 'Can I pay by card?',
      answered: false,
      sources: [],
      at: '2026-03-25T12:00:00Z',
    });
    const march = `bot_id=${botId}&${MARCH}`;
    const before = await summary(march);
    const gapBefore = (await gaps()).find(
      (g: { question: string }) => g.question === 'Can I pay by card?',
    );
    await db().deleteFrom('conversations').where('id', '=', doomed.conversationId).execute();
    const after = await summary(march);
    expect(after).toMatchObject({
      conversations: before.conversations - 1,
      messages: before.messages - 1,
      unanswered: before.unanswered - 1,
    });
    expect(
      (await gaps()).find((g: { question: string }) => g.question === 'Can I pay by card?'),
    ).toMatchObject({ count: gapBefore.count - 1, last_asked: '2026-03-10T18:45:00.000Z' });

    expect((await summary(MARCH)).messages).toBe(after.messages + 1);
    await db().deleteFrom('bots').where('id', '=', otherBotId).execute();
    expect((await summary(MARCH)).messages).toBe(after.messages);
    for (const table of ROLLUP_TABLES) {
      const { rows } =
        await sql`SELECT 1 FROM ${sql.table(table)} WHERE bot_id = ${otherBotId}`.execute(db());
      expect(rows, table).toEqual([]);
    }
  });

  it('reads per local day in a half-hour zone and matches a recount from scratch', async () => {
    const kolkata = await summary(`bot_id=${botId}&from=2026-03-10&to=2026-03-12&tz=Asia/Kolkata`);
    expect(kolkata.per_day).toEqual([
      { date: '2026-03-10', conversations: 0, messages: 0, unanswered: 0 },
      { date: '2026-03-11', conversations: 1, messages: 2, unanswered: 1 },
      { date: '2026-03-12', conversations: 1, messages: 1, unanswered: 0 },
    ]);
    expect(kolkata.top_sources).toEqual([{ title: 'Help', url: HELP.url, count: 1 }]);
    expect(kolkata.countries).toEqual([{ country: 'IN', conversations: 1 }]);
    const kept = await rollups();
    await sql`SELECT analytics_recount()`.execute(db());
    expect(await rollups()).toEqual(kept);
  });
});
