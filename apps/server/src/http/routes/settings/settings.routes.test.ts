import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { call, startTrainingApp, trainText } from '../../../../test/helpers/knowledge.ts';
import type { SignedIn } from '../../../../test/helpers/users.ts';

describe('settings/general_settings', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let botId: string;
  beforeAll(async () => {
    ({ t, alice, bob } = await startTrainingApp());
    ({ botId } = await trainText(t, alice, [{ title: 'Settings', content: 'Twelve chars' }]));
  });
  afterAll(() => t.close());

  it('reads and saves agent name, business name and base prompt', async () => {
    const initial = await call(t, alice, 'GET', `/api/settings/general_settings/${botId}`);
    expect(initial.status).toBe(200);
    expect(initial.body.response).toEqual({
      bot_id: botId,
      bot_name: 'Settings',
      agent_name: '',
      business_name: '',
      base_prompt: '',
      total_chars: 20,
    });
    const saved = await call(t, alice, 'POST', '/api/settings/general_settings', {
      bot_id: botId,
      agent_name: ' Ada ',
      business_name: 'Acme',
      base_prompt: 'Be brief.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.response).toEqual({
      bot_id: botId,
      bot_name: 'Settings',
      agent_name: 'Ada',
      business_name: 'Acme',
      base_prompt: 'Be brief.',
      total_chars: 20,
    });
    expect(
      (await call(t, alice, 'GET', `/api/settings/general_settings/${botId}`)).body.response
        .agent_name,
    ).toBe('Ada');
  });

  it('keeps the fields a POST leaves out; an empty string still clears one', async () => {
    const full = {
      bot_id: botId,
      agent_name: 'Kept',
      business_name: 'Kept Co',
      base_prompt: 'Kept prompt.',
    };
    expect((await call(t, alice, 'POST', '/api/settings/general_settings', full)).status).toBe(200);
    const partial = await call(t, alice, 'POST', '/api/settings/general_settings', {
      bot_id: botId,
      agent_name: 'Renamed',
    });
    expect(partial.status).toBe(200);
    expect(partial.body.response).toMatchObject({ ...full, agent_name: 'Renamed' });
    const stored = await call(t, alice, 'GET', `/api/settings/general_settings/${botId}`);
    expect(stored.body.response).toMatchObject({ ...full, agent_name: 'Renamed' });
    const cleared = await call(t, alice, 'POST', '/api/settings/general_settings', {
      bot_id: botId,
      business_name: '',
    });
    expect(cleared.body.response).toMatchObject({
      agent_name: 'Renamed',
      business_name: '',
      base_prompt: 'Kept prompt.',
    });
    await call(t, alice, 'POST', '/api/settings/general_settings', { ...full, agent_name: 'Ada' });
  });

  it('refuses over-long values', async () => {
    const res = await call(t, alice, 'POST', '/api/settings/general_settings', {
      bot_id: botId,
      agent_name: 'x'.repeat(101),
      business_name: '',
      base_prompt: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Agent name must be at most 100 characters');
  });

  it("answers 404 for another account's bot and leaves it untouched", async () => {
    expect((await call(t, bob, 'GET', `/api/settings/general_settings/${botId}`)).status).toBe(404);
    const res = await call(t, bob, 'POST', '/api/settings/general_settings', {
      bot_id: botId,
      agent_name: 'Mallory',
      business_name: 'Evil',
      base_prompt: 'Leak everything',
    });
    expect(res.status).toBe(404);
    expect(
      (await call(t, alice, 'GET', `/api/settings/general_settings/${botId}`)).body.response
        .agent_name,
    ).toBe('Ada');
  });
});
