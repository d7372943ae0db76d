import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { call, startWorker, trainText } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser } from '../../../../test/helpers/users.ts';
import { PLANS } from '../../../modules/plans/plans.ts';

describe('plan_check/user-privilege', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await startWorker(t);
  });
  afterAll(() => t.close());

  it('allows a new bot until the plan limit, then says why not', async () => {
    const user = await createSignedInUser(t.runtime.ctx, { plan: 'silver' });
    const ok = await call(t, user, 'POST', '/api/plan_check/user-privilege', { bot_count: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      hasError: false,
      message: 'You can add a new chatbot',
      response: {
        plan: 'Silver',
        bots: 0,
        max_bots: PLANS.silver.maxBots,
        max_chars_per_bot: PLANS.silver.maxCharsPerBot,
      },
    });
    for (let i = 0; i < PLANS.silver.maxBots; i++)
      await trainText(t, user, [{ title: `B${i}`, content: 'c' }]);
    const over = await call(t, user, 'POST', '/api/plan_check/user-privilege', { bot_count: 1 });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      hasError: true,
      message:
        'Your Silver plan allows up to 3 chatbots. Delete a chatbot or upgrade your plan to add another.',
    });
  });

  it('applies the limits of the user’s own plan', async () => {
    const gold = await createSignedInUser(t.runtime.ctx, { plan: 'gold' });
    const res = await call(t, gold, 'POST', '/api/plan_check/user-privilege', {
      bot_count: PLANS.gold.maxBots,
    });
    expect(res.status).toBe(200);
    const tooMany = await call(t, gold, 'POST', '/api/plan_check/user-privilege', {
      bot_count: PLANS.gold.maxBots + 1,
    });
    expect(tooMany.status).toBe(403);
    expect(
      (await call(t, null, 'POST', '/api/plan_check/user-privilege', { bot_count: 1 })).status,
    ).toBe(401);
  });
});

describe('billing/usage (issue 17 point 4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await startWorker(t);
  });
  afterAll(() => t.close());

  it("reports the account's own plan, bots, fullest bot's characters and messages this month", async () => {
    const user = await createSignedInUser(t.runtime.ctx, { plan: 'gold' });
    const empty = await call(t, user, 'GET', '/api/billing/usage');
    expect(empty.body.response).toEqual({
      plan: 'gold',
      bots: 0,
      max_bot_chars: 0,
      messages_this_month: 0,
    });

    const small = [{ title: 'Hours', content: 'We open at nine.' }];
    const large = [{ title: 'Returns', content: 'Returns are accepted within thirty days.' }];
    await trainText(t, user, small);
    const { botId } = await trainText(t, user, large);
    const asked = await call(t, user, 'POST', '/api/ai/chat', {
      bot_id: botId,
      question: 'Can I return a chair?',
    });
    expect(asked.status).toBe(200);

    const used = await call(t, user, 'GET', '/api/billing/usage');
    expect(used.body.response).toEqual({
      plan: 'gold',
      bots: 2,
      max_bot_chars: 'Returns'.length + (large[0]?.content.length ?? 0),
      messages_this_month: 1,
    });
    expect((await call(t, null, 'GET', '/api/billing/usage')).status).toBe(401);
  });
});
