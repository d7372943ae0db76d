import { randomBytes } from 'node:crypto';
import { WIDGET_MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { insertBotWithTextSource } from '../../../../test/helpers/bots.ts';
import { call } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';
import { addDocument } from '../../../search/testing/search-db.ts';

describe('the widget budget: set by the owner, shared fairly, its last hit shown', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let botId: string;
  beforeAll(async () => {
    t = await createTestApp({
      WIDGET_VISITOR_MESSAGES_PER_MINUTE: '4',
      WIDGET_BOT_MESSAGES_PER_MINUTE: '24',
    });
    owner = await createSignedInUser(t.runtime.ctx);
    stranger = await createSignedInUser(t.runtime.ctx);
    const bot = await insertBotWithTextSource(t.runtime.ctx.db, {
      user_id: owner.userId,
      name: 'Busy bot',
    });
    botId = bot.botId;
    await addDocument(t.runtime.ctx.db, bot, {
      title: 'Hours',
      url: 'https://acme.example/hours',
      kind: 'web',
      text: 'The shop opens at nine in the morning and closes at six in the evening.',
    });
  });
  afterAll(() => t.close());

  const chat = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/bots/${botId}/chat`,
      remoteAddress: ip,
      headers: { origin: 'https://anywhere.example' },
      payload: { question: 'When do you open?', visitor_id: `v${randomBytes(12).toString('hex')}` },
    });
  const budget = (user: SignedIn) => call(t, user, 'GET', `/api/settings/widget-budget/${botId}`);

  it('shows the default budget, never reached, to the owner only', async () => {
    const res = await budget(owner);
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({
      bot_id: botId,
      messages_per_minute: 24,
      default_messages_per_minute: 24,
      custom: false,
      last_reached_at: null,
    });
    expect((await budget(stranger)).status).toBe(404);
    const hijack = await call(t, stranger, 'POST', '/api/settings/widget-budget', {
      bot_id: botId,
      messages_per_minute: 1,
    });
    expect(hijack.status).toBe(404);
  });

  it('refuses budgets that are not whole numbers from 1 to 100,000', async () => {
    for (const value of [0, -3, 2.5, 100_001, '12', 'lots']) {
      const res = await call(t, owner, 'POST', '/api/settings/widget-budget', {
        bot_id: botId,
        messages_per_minute: value,
      });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.message).toBe(WIDGET_MESSAGES.budgetInvalid);
    }
  });

  it('an abuser rotating visitor ids over six addresses cannot mute the widget for others', async () => {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
    const saved = await call(t, owner, 'POST', '/api/settings/widget-budget', {
      bot_id: botId,
      messages_per_minute: 12,
    });
    expect(saved.body.response).toMatchObject({ messages_per_minute: 12, custom: true });
    const abuser = [1, 2, 3, 4, 5, 6].map((n) => `198.51.100.${n}`);
    let refused = 0;
    for (let round = 0; round < 12 && refused < abuser.length; round++) {
      const statuses = await Promise.all(abuser.map((ip) => chat(ip).then((r) => r.statusCode)));
      refused = statuses.filter((s) => s === 429).length;
    }
    expect(refused).toBe(abuser.length);
    for (const ip of ['203.0.113.10', '192.0.2.20', '2001:db8:9::1']) {
      const res = await chat(ip);
      expect(res.statusCode, ip).toBe(200);
      expect(res.body).toContain('event: done');
    }
    // The owner sees that the budget was reached, and when.
    const after = (await budget(owner)).body.response;
    expect(after.last_reached_at).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(after.last_reached_at)).toBeLessThan(60_000);
  });

  it('goes back to the default when the owner clears the budget', async () => {
    const res = await call(t, owner, 'POST', '/api/settings/widget-budget', {
      bot_id: botId,
      messages_per_minute: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: WIDGET_MESSAGES.budgetSaved,
      response: { messages_per_minute: 24, custom: false },
    });
  });
});
