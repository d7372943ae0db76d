import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { call, startTrainingApp, trainText } from '../../../../test/helpers/knowledge.ts';
import type { SignedIn } from '../../../../test/helpers/users.ts';

describe('trained items: source/get-details and source/data-remove', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let botId: string;
  beforeAll(async () => {
    ({ t, alice, bob } = await startTrainingApp());
    ({ botId } = await trainText(t, alice, [
      { title: 'Shipping', content: 'We ship worldwide within five days.' },
      { title: 'Warranty', content: 'Two years on every product.' },
    ]));
    const qa = await call(t, alice, 'POST', '/api/upload/question_answers', {
      json_data: {
        stage: 2,
        bot_id: botId,
        question_answer: [{ title: 'Do you ship?', content: 'Yes.' }],
      },
    });
    expect(qa.status).toBe(200);
    await t.runtime.ctx.jobs.whenIdle();
  });
  afterAll(() => t.close());

  const list = (user: SignedIn, source_type: number, bot = botId) =>
    call(t, user, 'POST', '/api/source/get-details', { source_type, bot_id: bot });
  const chunkCount = async () =>
    (await t.runtime.ctx.db.selectFrom('chunks').select('id').where('bot_id', '=', botId).execute())
      .length;
  const totalChars = async () =>
    (
      await t.runtime.ctx.db
        .selectFrom('bots')
        .select('total_chars')
        .where('id', '=', botId)
        .executeTakeFirstOrThrow()
    ).total_chars;

  it('lists trained items per source type with title, content, type and status', async () => {
    const text = await list(alice, 3);
    expect(text.status).toBe(200);
    expect(text.body.response).toEqual([
      {
        title: 'Shipping',
        content: 'We ship worldwide within five days.',
        type: 'text',
        status: 'Trained',
      },
      {
        title: 'Warranty',
        content: 'Two years on every product.',
        type: 'text',
        status: 'Trained',
      },
    ]);
    const qa = await list(alice, 2);
    expect(qa.body.response).toEqual([
      { title: 'Do you ship?', content: 'Yes.', type: 'qa', status: 'Trained' },
    ]);
    expect((await list(alice, 1)).body.response).toEqual([]);
    expect((await list(alice, 4)).body.response).toEqual([]);
  });

  it('refuses an invalid source type and a missing bot id', async () => {
    expect((await list(alice, 9)).status).toBe(400);
    const noBot = await call(t, alice, 'POST', '/api/source/get-details', { source_type: 3 });
    expect(noBot.status).toBe(400);
  });

  it("answers 404 for another account's bot", async () => {
    expect((await list(bob, 3)).status).toBe(404);
    const remove = await call(t, bob, 'POST', '/api/source/data-remove', {
      bot_id: botId,
      title: 'Shipping',
    });
    expect(remove.status).toBe(404);
    expect((await list(alice, 3)).body.response).toHaveLength(2);
  });

  it('removes an item with its chunks and index entries and recounts characters', async () => {
    const before = { chunks: await chunkCount(), chars: await totalChars() };
    const res = await call(t, alice, 'POST', '/api/source/data-remove', {
      bot_id: botId,
      title: 'Shipping',
    });
    expect(res.status).toBe(200);
    const expected =
      before.chars - ('Shipping'.length + 'We ship worldwide within five days.'.length);
    expect(res.body.response).toEqual({ removed: 1, total_chars: expected });
    expect(await totalChars()).toBe(expected);
    expect(await chunkCount()).toBe(before.chunks - 1);
    expect((await list(alice, 3)).body.response.map((i: { title: string }) => i.title)).toEqual([
      'Warranty',
    ]);
    const again = await call(t, alice, 'POST', '/api/source/data-remove', {
      bot_id: botId,
      title: 'Shipping',
    });
    expect(again.status).toBe(404);
    const noTitle = await call(t, alice, 'POST', '/api/source/data-remove', {
      bot_id: botId,
      title: '',
    });
    expect(noTitle.status).toBe(400);
  });
});
