import { AUTH_MESSAGES, MESSAGES, REFRESH_COOKIE } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { hashToken } from '../../../modules/auth/one-time-tokens.ts';
import {
  Browser,
  lastMailTo,
  linkToken,
  mailCount,
  registerAccount,
  signedInBrowser,
  uniqueEmail,
} from './auth.test-kit.ts';
import { LIMITS } from './rate-limits.ts';

const NEW_PASSWORD = 'a brand new secret';

describe('forgot password, reset and change password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ctx = () => t.runtime.ctx;

  async function resetToken(email: string): Promise<string> {
    const res = await new Browser(t.app).post('/api/auth/validate-email', { email });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(ctx(), email);
    return linkToken(mail!.body_text, '/reset-password');
  }

  it('validate-email answers known and unknown e-mails identically, mailing only the known', async () => {
    const known = await registerAccount(t.app);
    const unknown = uniqueEmail('ghost');
    const before = await mailCount(ctx());
    const a = await new Browser(t.app).post('/api/auth/validate-email', { email: known.email });
    const b = await new Browser(t.app).post('/api/auth/validate-email', { email: unknown });
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        hasError: false,
        errorCode: -1,
        message: AUTH_MESSAGES.resetLinkSent,
      });
    }
    expect(a.body).toBe(b.body);
    expect(await mailCount(ctx())).toBe(before + 1);
    const mail = await lastMailTo(ctx(), known.email);
    expect(mail?.body_text).toContain(`${t.env.publicUrl}/reset-password?user_id=`);
    expect(await lastMailTo(ctx(), unknown)).toBeUndefined();

    const token = linkToken(mail!.body_text, '/reset-password');
    const row = await ctx()
      .db.selectFrom('one_time_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('reset');
    const minutes = (row.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('validate-email refuses an invalid e-mail with the spec message (with its full stop)', async () => {
    for (const email of ['', 'nope', 'a@b']) {
      const res = await new Browser(t.app).post('/api/auth/validate-email', { email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ hasError: true, message: MESSAGES.forgotValidEmail });
    }
  });

  it('reset-password sets the new password, ends every session, and works once', async () => {
    const account = await registerAccount(t.app);
    const laptop = new Browser(t.app);
    const phone = new Browser(t.app);
    for (const b of [laptop, phone]) {
      expect((await b.post('/api/auth/login', account)).statusCode).toBe(200);
    }
    const token = await resetToken(account.email);
    const res = await new Browser(t.app).post('/api/auth/reset-password', {
      user_id: token,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      hasError: false,
      errorCode: -1,
      message: AUTH_MESSAGES.passwordReset,
    });

    for (const b of [laptop, phone]) {
      expect((await b.get('/api/auth/personal-info')).statusCode).toBe(401);
      const refresh = await b.post('/api/auth/token/refresh');
      expect(refresh.statusCode).toBe(401);
      expect(refresh.json().token_type).toBe('refresh');
    }
    const fresh = new Browser(t.app);
    expect((await fresh.post('/api/auth/login', account)).statusCode).toBe(401);
    expect(
      (await fresh.post('/api/auth/login', { email: account.email, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);

    const again = await new Browser(t.app).post('/api/auth/reset-password', {
      user_id: token,
      password: 'yet another secret',
      confirm_password: 'yet another secret',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      hasError: true,
      errorCode: 404,
      message: AUTH_MESSAGES.resetLinkInvalid,
    });
  });

  it('a successful reset retires the other reset links of the account', async () => {
    const account = await registerAccount(t.app);
    const first = await resetToken(account.email);
    const second = await resetToken(account.email);
    const body = { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD };
    const b = new Browser(t.app);
    expect(
      (await b.post('/api/auth/reset-password', { ...body, user_id: second })).statusCode,
    ).toBe(200);
    expect((await b.post('/api/auth/reset-password', { ...body, user_id: first })).statusCode).toBe(
      404,
    );
  });

  it('reset-password refuses a raw user id, unknown, expired and sign-up tokens with errorCode 404', async () => {
    const account = await registerAccount(t.app);
    const { id } = await ctx()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    const expired = await resetToken(account.email);
    await ctx()
      .db.updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(expired))
      .execute();
    await new Browser(t.app).post('/api/auth/register', { email: uniqueEmail('signup') });
    await ctx().mailer.idle();
    const signupMail = await ctx()
      .db.selectFrom('mail_outbox')
      .select('body_text')
      .where('body_text', 'like', '%/signup?user_id=%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const signupToken = linkToken(signupMail.body_text, '/signup');

    for (const userId of [id, expired, signupToken, 'B'.repeat(43), '']) {
      const res = await new Browser(t.app).post('/api/auth/reset-password', {
        user_id: userId,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(res.statusCode, userId).toBe(404);
      expect(res.json()).toMatchObject({ hasError: true, errorCode: 404 });
    }
    // The account's password is untouched.
    expect((await new Browser(t.app).post('/api/auth/login', account)).statusCode).toBe(200);
  });

  it('reset-password serves the spec messages and the password policy, keeping the link', async () => {
    const account = await registerAccount(t.app);
    const token = await resetToken(account.email);
    const cases: [object, string][] = [
      [{ password: '', confirm_password: '' }, MESSAGES.enterPassword],
      [{}, MESSAGES.enterPassword],
      [
        { password: NEW_PASSWORD, confirm_password: 'something else' },
        MESSAGES.passwordsDoNotMatch,
      ],
      [{ password: 'short', confirm_password: 'short' }, AUTH_MESSAGES.passwordTooShort],
      [{ password: 'qwerty123', confirm_password: 'qwerty123' }, AUTH_MESSAGES.passwordTooCommon],
    ];
    for (const [body, message] of cases) {
      const res = await new Browser(t.app).post('/api/auth/reset-password', {
        user_id: token,
        ...body,
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ hasError: true, message });
    }
    const res = await new Browser(t.app).post('/api/auth/reset-password', {
      user_id: token,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
  });

  it('change-password serves the spec messages and refuses a wrong current password', async () => {
    const { browser, account } = await signedInBrowser(t.app);
    const cases: [object, number, string][] = [
      [{}, 400, MESSAGES.fillAllFields],
      [{ current_password: account.password }, 400, MESSAGES.fillAllFields],
      [
        { current_password: account.password, new_password: NEW_PASSWORD, confirm_password: '' },
        400,
        MESSAGES.fillAllFields,
      ],
      [
        { current_password: '', new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
        400,
        MESSAGES.fillAllFields,
      ],
      [
        { current_password: account.password, new_password: NEW_PASSWORD, confirm_password: 'x' },
        400,
        MESSAGES.passwordsDoNotMatch,
      ],
      [
        { current_password: account.password, new_password: 'short', confirm_password: 'short' },
        400,
        AUTH_MESSAGES.passwordTooShort,
      ],
      [
        {
          current_password: 'not my password',
          new_password: NEW_PASSWORD,
          confirm_password: NEW_PASSWORD,
        },
        400,
        AUTH_MESSAGES.currentPasswordWrong,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await browser.post('/api/auth/change-password', body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json()).toEqual({ hasError: true, message });
    }
    // Still signed in, old password still valid.
    expect((await browser.get('/api/auth/personal-info')).statusCode).toBe(200);
    expect((await new Browser(t.app).post('/api/auth/login', account)).statusCode).toBe(200);
  });

  it('change-password needs a session and the CSRF header', async () => {
    const body = { current_password: 'a', new_password: 'b', confirm_password: 'b' };
    expect((await new Browser(t.app).post('/api/auth/change-password', body)).statusCode).toBe(401);
    const { browser } = await signedInBrowser(t.app);
    const res = await browser.post('/api/auth/change-password', body, { csrf: null });
    expect(res.statusCode).toBe(403);
  });

  it('change-password revokes the other sessions and keeps this browser signed in', async () => {
    const { browser, account } = await signedInBrowser(t.app);
    const other = new Browser(t.app);
    expect((await other.post('/api/auth/login', account)).statusCode).toBe(200);
    const oldRefresh = browser.cookies.get(REFRESH_COOKIE);

    const res = await browser.post('/api/auth/change-password', {
      current_password: account.password,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasError: false, message: AUTH_MESSAGES.passwordChanged });
    expect(browser.cookies.get(REFRESH_COOKIE)).not.toBe(oldRefresh);
    expect((await browser.get('/api/auth/personal-info')).statusCode).toBe(200);
    expect((await browser.post('/api/auth/token/refresh')).statusCode).toBe(200);

    expect((await other.get('/api/auth/personal-info')).statusCode).toBe(401);
    expect((await other.post('/api/auth/token/refresh')).statusCode).toBe(401);

    const login = new Browser(t.app);
    expect((await login.post('/api/auth/login', account)).statusCode).toBe(401);
    expect(
      (await login.post('/api/auth/login', { email: account.email, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it("change-password accepts the spec's body (current_password, new_password) without a confirmation", async () => {
    const { browser, account } = await signedInBrowser(t.app);
    const res = await browser.post('/api/auth/change-password', {
      current_password: account.password,
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasError: false, message: AUTH_MESSAGES.passwordChanged });
    const login = new Browser(t.app);
    expect(
      (await login.post('/api/auth/login', { email: account.email, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('rate limits validate-email and reset-password (429)', async () => {
    const b = new Browser(t.app);
    for (let i = 0; i < LIMITS.validateEmail; i++) {
      expect((await b.post('/api/auth/validate-email', { email: uniqueEmail() })).statusCode).toBe(
        200,
      );
    }
    const limited = await b.post('/api/auth/validate-email', { email: uniqueEmail() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ hasError: true, message: AUTH_MESSAGES.tooManyRequests });

    for (let i = 0; i < LIMITS.resetPassword; i++) {
      await b.post('/api/auth/reset-password', { user_id: 'x', password: '' });
    }
    expect((await b.post('/api/auth/reset-password', { user_id: 'x' })).statusCode).toBe(429);
  });
});
