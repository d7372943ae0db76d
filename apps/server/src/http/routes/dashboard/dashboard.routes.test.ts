import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { call, startTrainingApp, trainText } from '../../../../test/helpers/knowledge.ts';
import type { SignedIn } from '../../../../test/helpers/users.ts';
import { botUploadsDir } from '../../../modules/users/account-deletion.service.ts';

describe('dashboard/chat-bot-list and user/delete_bot', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    ({ t, alice, bob } = await startTrainingApp());
  });
  afterAll(() => t.close());

  it('lists only the caller’s bots with counts and quick-start flags', async () => {
    expect((await call(t, alice, 'GET', '/api/dashboard/chat-bot-list')).body.response).toEqual({
      bot_details: [],
    });
    const { botId } = await trainText(t, alice, [{ title: 'Hello bot', content: 'Some content.' }]);
    await trainText(t, bob, [{ title: 'Bob', content: 'Other content.' }]);
    const res = await call(t, alice, 'GET', '/api/dashboard/chat-bot-list');
    expect(res.status).toBe(200);
    expect(res.body.response.bot_details).toEqual([
      {
        bot_id: botId,
        bot_name: 'Hello bot',
        messages: 0,
        conversations: 0,
        resolutions: 0,
        train_ai: true,
        first_message: false,
        image_training: false,
        customize_bot: false,
        embed_and_integrate: false,
        status: 'trained',
        total_chars: 'Hello bot'.length + 'Some content.'.length,
      },
    ]);
    expect((await call(t, null, 'GET', '/api/dashboard/chat-bot-list')).status).toBe(401);
  });

  it("deletes a bot with its data; another account's bot answers 404 and stays", async () => {
    const { botId } = await trainText(t, alice, [{ title: 'Doomed', content: 'Soon gone.' }]);
    const bobsBot = (await call(t, bob, 'GET', '/api/dashboard/chat-bot-list')).body.response
      .bot_details[0].bot_id;
    const attack = await call(t, alice, 'POST', '/api/user/delete_bot', { bot_id: bobsBot });
    expect(attack.status).toBe(404);
    expect(
      await t.runtime.ctx.db
        .selectFrom('chunks')
        .select('id')
        .where('bot_id', '=', bobsBot)
        .execute(),
    ).toHaveLength(1);

    const files = botUploadsDir(t.env.dataDir, botId);
    mkdirSync(files, { recursive: true });
    writeFileSync(path.join(files, 'logo.png'), 'logo');
    const res = await call(t, alice, 'POST', '/api/user/delete_bot', { bot_id: botId });
    expect(res.status).toBe(200);
    expect(existsSync(files)).toBe(false);
    expect(res.body.response).toEqual({ botCount: 1 });
    for (const table of ['sources', 'documents', 'chunks', 'search_documents'] as const) {
      expect(
        await t.runtime.ctx.db
          .selectFrom(table)
          .select('bot_id')
          .where('bot_id', '=', botId)
          .execute(),
      ).toEqual([]);
    }
    expect((await call(t, alice, 'POST', '/api/user/delete_bot', { bot_id: botId })).status).toBe(
      404,
    );
    expect(
      (await call(t, alice, 'POST', '/api/user/delete_bot', { bot_id: 'garbage' })).status,
    ).toBe(404);
    expect((await call(t, alice, 'POST', '/api/user/delete_bot', {})).status).toBe(400);
  });
});
