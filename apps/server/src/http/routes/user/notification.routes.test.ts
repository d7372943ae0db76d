import { AUTH_MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { Browser, signedInBrowser } from '../auth/auth.test-kit.ts';

describe('notification settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const url = '/api/user/notification-settings';

  it('defaults to on and persists the switch', async () => {
    const { browser, userId } = await signedInBrowser(t.app);
    const first = await browser.get(url);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      hasError: false,
      message: AUTH_MESSAGES.notificationsLoaded,
      response: { email_notifications: true },
    });
    const off = await browser.post(url, { email_notifications: false });
    expect(off.json()).toEqual({
      hasError: false,
      message: AUTH_MESSAGES.notificationsSaved,
      response: { email_notifications: false },
    });
    expect((await browser.get(url)).json().response).toEqual({ email_notifications: false });
    const row = await t.runtime.ctx.db
      .selectFrom('users')
      .select('email_notifications')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.email_notifications).toBe(false);
    await browser.post(url, { email_notifications: true });
    expect((await browser.get(url)).json().response).toEqual({ email_notifications: true });
  });

  it('accepts booleans only', async () => {
    const { browser } = await signedInBrowser(t.app);
    for (const body of [{}, { email_notifications: 'false' }, { email_notifications: 0 }]) {
      const res = await browser.post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        hasError: true,
        message: 'email_notifications must be true or false',
      });
    }
  });

  it('needs a session, and the CSRF header to change', async () => {
    expect((await new Browser(t.app).get(url)).statusCode).toBe(401);
    const { browser } = await signedInBrowser(t.app);
    const res = await browser.post(url, { email_notifications: false }, { csrf: null });
    expect(res.statusCode).toBe(403);
    expect((await browser.get(url)).json().response).toEqual({ email_notifications: true });
  });
});
