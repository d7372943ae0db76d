import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { loadEnv } from '../../../config/env.ts';
import { registerAccount, signedInBrowser } from './auth.test-kit.ts';

async function planOfEmail(t: TestApp, email: string): Promise<string> {
  const row = await t.runtime.ctx.db
    .selectFrom('users')
    .select('plan')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.plan;
}

describe('DEFAULT_PLAN', () => {
  let silver: TestApp;
  let platinum: TestApp;
  beforeAll(async () => {
    silver = await createTestApp();
    platinum = await createTestApp({ DEFAULT_PLAN: 'platinum' });
  });
  afterAll(async () => {
    await silver?.close();
    await platinum?.close();
  });

  it('gives new accounts the Silver plan unless configured', async () => {
    const account = await registerAccount(silver.app);
    expect(await planOfEmail(silver, account.email)).toBe('silver');
  });

  it('gives new accounts the configured plan, and its limits apply', async () => {
    const account = await registerAccount(platinum.app);
    expect(await planOfEmail(platinum, account.email)).toBe('platinum');
    const { browser } = await signedInBrowser(platinum.app);
    const res = await browser.post('/api/plan_check/user-privilege', { bot_count: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ plan: 'Platinum', max_bots: 50 });
  });

  it('refuses an unknown plan name at boot', async () => {
    expect(() => loadEnv({ DEFAULT_PLAN: 'diamond' })).toThrow(/DEFAULT_PLAN/);
    expect(loadEnv({}).DEFAULT_PLAN).toBe('silver');
  });
});
