import { MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { call, startTrainingApp, trainText } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';
import { PLANS } from '../../../modules/plans/plans.ts';

const body = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  content_list: items,
  stage: 1,
  char_count: 1,
  bot_count: 1,
  ...extra,
});

describe('POST /api/upload/text', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    ({ t, alice, bob } = await startTrainingApp('platinum'));
  });
  afterAll(() => t.close());

  const counts = async (botId: string) => {
    const db = t.runtime.ctx.db;
    const docs = await db
      .selectFrom('documents')
      .select(db.fn.countAll<number>().as('n'))
      .where('bot_id', '=', botId)
      .executeTakeFirstOrThrow();
    const chunks = await db
      .selectFrom('chunks')
      .select(db.fn.countAll<number>().as('n'))
      .where('bot_id', '=', botId)
      .executeTakeFirstOrThrow();
    const bot = await db
      .selectFrom('bots')
      .selectAll()
      .where('id', '=', botId)
      .executeTakeFirstOrThrow();
    return { documents: Number(docs.n), chunks: Number(chunks.n), bot };
  };

  it('creates a bot named from its content, trains it and recounts characters', async () => {
    const res = await call(
      t,
      alice,
      'POST',
      '/api/upload/text',
      body(
        [
          { title: 'Opening hours', content: 'We are open from 9 to 5 on weekdays.' },
          { title: 'Returns', content: 'Items can be returned within 30 days.' },
        ],
        { char_count: 999_999 },
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.hasError).toBe(false);
    expect(res.body.response).toEqual({
      stage: 1,
      botId: expect.any(String),
      bot_name: 'Opening hours',
    });
    await t.runtime.ctx.jobs.whenIdle();
    const c = await counts(res.body.response.botId);
    expect(c.documents).toBe(2);
    expect(c.chunks).toBe(2);
    // docs/spec.md §9: title + content lengths, whatever the client claimed.
    const expected =
      'Opening hours'.length +
      'We are open from 9 to 5 on weekdays.'.length +
      'Returns'.length +
      'Items can be returned within 30 days.'.length;
    expect(c.bot.total_chars).toBe(expected);
    expect(c.bot.status).toBe('trained');
    expect(c.bot.train_ai).toBe(true);
    // Searchable: the lexical index holds the document.
    const postings = await t.runtime.ctx.db
      .selectFrom('search_documents')
      .selectAll()
      .where('bot_id', '=', res.body.response.botId)
      .execute();
    expect(postings).toHaveLength(2);

    const status = await call(t, alice, 'POST', '/api/upload/status', {
      botId: res.body.response.botId,
    });
    expect(status.status).toBe(200);
    expect(status.body.response).toMatchObject({
      processing_complete: true,
      script: `<script src="http://localhost:3000/widget.js" data-id="${alice.userId}" data-botid="${res.body.response.botId}" defer></script>`,
      script_attributes: {
        script_url: 'http://localhost:3000/widget.js',
        'data-userid': alice.userId,
        'data-botid': res.body.response.botId,
      },
    });
    const viaGet = await call(t, alice, 'GET', `/api/upload/status/${res.body.response.botId}`);
    expect(viaGet.body.response.processing_complete).toBe(true);
  });

  it('adds to an existing bot, and a repeated submission adds nothing twice', async () => {
    const { botId } = await trainText(t, alice, [{ title: 'A', content: 'Alpha content here.' }]);
    await trainText(t, alice, [{ title: 'B', content: 'Beta content here.' }], botId);
    const once = await counts(botId);
    expect(once.documents).toBe(2);
    // The client retries the same call: no new documents, chunks or characters.
    await trainText(t, alice, [{ title: 'B', content: 'Beta content here.' }], botId);
    const twice = await counts(botId);
    expect(twice.documents).toBe(2);
    expect(twice.chunks).toBe(once.chunks);
    expect(twice.bot.total_chars).toBe(once.bot.total_chars);
    expect(twice.bot.status).toBe('trained');
  });

  it.each([
    [[], MESSAGES.noContentToTrain],
    [[{ title: '', content: 'x' }], MESSAGES.enterTitle],
    [[{ title: '   ', content: 'x' }], MESSAGES.enterTitle],
    [[{ title: 'T', content: '' }], MESSAGES.enterTextContent],
  ])('refuses %j with the spec message', async (items, message) => {
    const res = await call(t, alice, 'POST', '/api/upload/text', body(items));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ hasError: true, message });
  });

  it('refuses a missing content_list with the spec message', async () => {
    const res = await call(t, alice, 'POST', '/api/upload/text', { stage: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.noContentToTrain);
  });

  it("answers 404 for another account's bot and leaves it untouched", async () => {
    const { botId } = await trainText(t, alice, [{ title: 'Private', content: 'Only for Alice.' }]);
    const before = await counts(botId);
    const res = await call(
      t,
      bob,
      'POST',
      '/api/upload/text',
      body([{ title: 'Evil', content: 'Injected' }], { bot_id: botId }),
    );
    expect(res.status).toBe(404);
    expect(await counts(botId)).toEqual(before);
    const status = await call(t, bob, 'POST', '/api/upload/status', { botId });
    expect(status.status).toBe(404);
    const malformed = await call(t, bob, 'POST', '/api/upload/status', { botId: 'not-a-uuid' });
    expect(malformed.status).toBe(404);
  });

  it('requires a session and the CSRF header', async () => {
    const anon = await call(
      t,
      null,
      'POST',
      '/api/upload/text',
      body([{ title: 'a', content: 'b' }]),
    );
    expect(anon.status).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/text',
      headers: { cookie: alice.headers.cookie },
      payload: body([{ title: 'a', content: 'b' }]),
    });
    expect(res.statusCode).toBe(403);
  });

  it('enforces the bots-per-account and characters-per-bot limits of the plan', async () => {
    const carol = await createSignedInUser(t.runtime.ctx); // silver
    const silver = PLANS.silver;
    for (let i = 0; i < silver.maxBots; i++) {
      await trainText(t, carol, [{ title: `Bot ${i}`, content: `Content ${i}` }]);
    }
    const over = await call(
      t,
      carol,
      'POST',
      '/api/upload/text',
      body([{ title: 'One more', content: 'x' }]),
    );
    expect(over.status).toBe(403);
    expect(over.body.message).toContain(`allows up to ${silver.maxBots} chatbots`);
    const bots = await t.runtime.ctx.db
      .selectFrom('bots')
      .select('id')
      .where('user_id', '=', carol.userId)
      .execute();
    expect(bots).toHaveLength(silver.maxBots);

    const big = 'x'.repeat(silver.maxCharsPerBot);
    const tooMuch = await call(
      t,
      carol,
      'POST',
      '/api/upload/text',
      body([{ title: 'Big', content: big }], { bot_id: bots[0]!.id, char_count: 1 }),
    );
    expect(tooMuch.status).toBe(403);
    expect(tooMuch.body.message).toContain('characters per chatbot');
  });
});
