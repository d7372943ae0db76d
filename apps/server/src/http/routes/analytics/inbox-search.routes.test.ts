import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { insertBotWithTextSource } from '../../../../test/helpers/bots.ts';
import { call } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';
import { SEARCH_COUNT_CAP } from '../../../modules/analytics/inbox.repo.ts';
import { seedTurn } from '../../../modules/analytics/testing/seed-chats.ts';

/** The inbox search (GET /api/inbox/conversations?q=…): what it finds and how it counts. */
describe('inbox search', () => {
  let t: TestApp;
  let alice: SignedIn;
  let botId: string;
  let busyBotId: string;

  const search = async (q: string, query = '') => {
    const res = await call(
      t,
      alice,
      'GET',
      `/api/inbox/conversations?from=2026-03-01&to=2026-03-31&q=${encodeURIComponent(q)}${query}`,
    );
    expect(res.status).toBe(200);
    return res.body.response as {
      items: { title: string; bot_id: string }[];
      total: number;
      total_capped: boolean;
    };
  };
  const titles = async (q: string) =>
    (await search(q, `&bot_id=${botId}`)).items.map((c) => c.title);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createSignedInUser(t.runtime.ctx);
    const bob = await createSignedInUser(t.runtime.ctx);
    const db = t.runtime.ctx.db;
    const bot = (name: string, userId: string) =>
      insertBotWithTextSource(db, { user_id: userId, name }).then((b) => b.botId);
    botId = await bot('Shop', alice.userId);
    busyBotId = await bot('Busy', alice.userId);
    const bobsBot = await bot('Bob', bob.userId);
    const { conversationId } = await seedTurn(db, {
      botId,
      question: 'Where is my parcel?',
      answer: 'Track it with the Parcel_ID from your e-mail.',
      at: '2026-03-02T10:00:00Z',
    });
    await seedTurn(db, {
      botId,
      conversationId,
      question: 'Is shipping free above 50% off?',
      answer: 'Yes, always.',
      at: '2026-03-02T10:01:00Z',
    });
    await seedTurn(db, {
      botId,
      question: 'Can I pay with PayPal?',
      answer: 'Cards and bank transfers only.',
      at: '2026-03-03T10:00:00Z',
    });
    await seedTurn(db, {
      botId: bobsBot,
      question: 'Where is my parcel, Bob?',
      answer: 'Ask Bob. Parcel_ID and 50% off too.',
      at: '2026-03-02T12:00:00Z',
    });
    // More conversations that mention a word than a search counts, written in one statement.
    await sql`
      WITH c AS (
        INSERT INTO conversations (bot_id, channel, title, turn_count, created_at, updated_at)
        SELECT ${busyBotId}::uuid, 'widget', 'Busy question ' || i, 1,
          '2026-03-10T00:00:00Z'::timestamptz + i * interval '1 second',
          '2026-03-10T00:00:00Z'::timestamptz + i * interval '1 second'
        FROM generate_series(1, ${SEARCH_COUNT_CAP + 30}) AS i
        RETURNING id, title, created_at)
      INSERT INTO chat_turns (conversation_id, bot_id, question, answer, turn_key, created_at)
      SELECT id, ${busyBotId}::uuid, title, 'A busy answer.', gen_random_uuid(), created_at FROM c
    `.execute(db);
  });
  afterAll(() => t.close());

  it('finds words in questions (the title is the first) and answers, case ignored', async () => {
    expect(await titles('PARCEL')).toEqual(['Where is my parcel?']);
    expect(await titles('bank transfer')).toEqual(['Can I pay with PayPal?']);
    // A later question of the same conversation finds it once.
    expect(await titles('shipping')).toEqual(['Where is my parcel?']);
    expect(await titles('paypal')).toEqual(['Can I pay with PayPal?']);
    expect(await titles('no such words')).toEqual([]);
  });

  it('takes % and _ literally, not as wildcards', async () => {
    expect(await titles('50%')).toEqual(['Where is my parcel?']);
    expect(await titles('parcel_id')).toEqual(['Where is my parcel?']);
    // As wildcards these would match "50% off", "Where is my parcel" and "my parcel".
    expect(await titles('5%off')).toEqual([]);
    expect(await titles('where%parcel')).toEqual([]);
    expect(await titles('my_parcel')).toEqual([]);
  });

  it("never returns another account's conversations", async () => {
    const all = await search('parcel');
    expect(all.items.map((c) => c.title)).toEqual(['Where is my parcel?']);
    expect(all.items.every((c) => c.bot_id === botId)).toBe(true);
    expect(all).toMatchObject({ total: 1, total_capped: false });
  });

  it('counts up to a cap beyond the page, and says when there are more', async () => {
    const first = await search('busy', `&bot_id=${busyBotId}&page_size=25`);
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]?.title).toBe(`Busy question ${SEARCH_COUNT_CAP + 30}`);
    // Deeper pages count further: the last page knows the exact number.
    const last = await search('busy', `&bot_id=${busyBotId}&page_size=25&page=42`);
    expect(last).toMatchObject({ total: SEARCH_COUNT_CAP + 30, total_capped: false });
    expect(last.items.map((c) => c.title)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Busy question ${5 - i}`),
    );
    // Without a search the count stays exact.
    const listed = await call(
      t,
      alice,
      'GET',
      `/api/inbox/conversations?bot_id=${busyBotId}&from=2026-03-01&to=2026-03-31`,
    );
    expect(listed.body.response).toMatchObject({
      total: SEARCH_COUNT_CAP + 30,
      total_capped: false,
    });
  });
});
