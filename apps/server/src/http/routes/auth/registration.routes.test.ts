import { AUTH_MESSAGES, MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { hashToken } from '../../../modules/auth/one-time-tokens.ts';
import {
  Browser,
  GOOD_PASSWORD,
  lastMailTo,
  linkToken,
  mailCount,
  registerAccount,
  uniqueEmail,
} from './auth.test-kit.ts';
import { LIMITS } from './rate-limits.ts';

describe('registration: hero invitation, fetch-email, complete-registration, direct sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ctx = () => t.runtime.ctx;

  async function invite(email: string): Promise<string> {
    const res = await new Browser(t.app).post('/api/auth/register', { email });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(ctx(), email.toLowerCase());
    return linkToken(mail!.body_text, '/signup');
  }

  it('hero register mails an invitation link with an opaque token, stored hashed', async () => {
    const email = uniqueEmail('hero');
    const res = await new Browser(t.app).post('/api/auth/register', { email });
    expect(res.json()).toEqual({ hasError: false, message: AUTH_MESSAGES.invitationSent });
    const mail = await lastMailTo(ctx(), email);
    expect(mail?.body_text).toContain(`${t.env.publicUrl}/signup?user_id=`);
    const token = linkToken(mail!.body_text, '/signup');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const rows = await ctx()
      .db.selectFrom('one_time_tokens')
      .selectAll()
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.purpose).toBe('signup');
    const days = (rows[0]!.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('hero register answers known and unknown addresses identically (no enumeration)', async () => {
    const known = await registerAccount(t.app);
    const unknown = uniqueEmail('fresh');
    const a = await new Browser(t.app).post('/api/auth/register', { email: known.email });
    const b = await new Browser(t.app).post('/api/auth/register', { email: unknown });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    // The known address gets a note instead of an invitation, and no token is created for it.
    const note = await lastMailTo(ctx(), known.email);
    expect(note?.body_text).toContain('already has an account');
    expect(note?.body_text).not.toContain('user_id=');
    const tokens = await ctx()
      .db.selectFrom('one_time_tokens')
      .select('token_hash')
      .where('email', '=', known.email)
      .execute();
    expect(tokens).toHaveLength(0);
  });

  it('hero register refuses an invalid e-mail with the spec message', async () => {
    for (const email of ['', 'nope', 'a@b', 'a b@c.de']) {
      const res = await new Browser(t.app).post('/api/auth/register', { email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ hasError: true, message: MESSAGES.heroValidEmail });
    }
  });

  it('fetch-email returns the invited address; unknown tokens and raw ids are refused', async () => {
    const email = uniqueEmail('fetch');
    const token = await invite(email);
    const b = new Browser(t.app);
    const res = await b.post('/api/auth/fetch-email', { user_id: token });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({ email });

    const someUser = await registerAccount(t.app);
    const { id } = await ctx()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', someUser.email)
      .executeTakeFirstOrThrow();
    for (const userId of [id, 'A'.repeat(43), hashToken(token), '12']) {
      const refused = await b.post('/api/auth/fetch-email', { user_id: userId });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ hasError: true, message: AUTH_MESSAGES.signupLinkInvalid });
    }
    const empty = await b.post('/api/auth/fetch-email', { user_id: '' });
    expect(empty.statusCode).toBe(400);
    expect((await b.post('/api/auth/fetch-email', {})).statusCode).toBe(400);
  });

  it('fetch-email refuses an expired invitation', async () => {
    const email = uniqueEmail('expired');
    const token = await invite(email);
    await ctx()
      .db.updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await new Browser(t.app).post('/api/auth/fetch-email', { user_id: token });
    expect(res.statusCode).toBe(404);
  });

  it('complete-registration creates the account once; the link cannot be used again', async () => {
    const email = uniqueEmail('complete');
    const token = await invite(email);
    const b = new Browser(t.app);
    const body = { email, fullname: 'Alan Turing', password: GOOD_PASSWORD, user_id: token };
    const res = await b.post('/api/auth/complete-registration', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasError: false, message: MESSAGES.registrationSuccessful });

    const login = await b.post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(login.json().response).toMatchObject({ user: email, fullname: 'Alan Turing' });
    const user = await ctx()
      .db.selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const again = await b.post('/api/auth/complete-registration', body);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(AUTH_MESSAGES.signupLinkInvalid);
    expect((await b.post('/api/auth/fetch-email', { user_id: token })).statusCode).toBe(404);
  });

  it('complete-registration refuses another e-mail than the invited one, a raw id, and keeps the link', async () => {
    const email = uniqueEmail('owner');
    const token = await invite(email);
    const b = new Browser(t.app);
    const other = await b.post('/api/auth/complete-registration', {
      email: uniqueEmail('intruder'),
      fullname: 'Mallory',
      password: GOOD_PASSWORD,
      user_id: token,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(AUTH_MESSAGES.signupEmailMismatch);
    const raw = await b.post('/api/auth/complete-registration', {
      email,
      fullname: 'Mallory',
      password: GOOD_PASSWORD,
      user_id: '3f1c1d7e-8a55-4c8e-9a47-5f0e6f7a1b2c',
    });
    expect(raw.statusCode).toBe(404);
    // The rightful owner can still use the link.
    expect((await b.post('/api/auth/fetch-email', { user_id: token })).statusCode).toBe(200);
  });

  it('complete-registration serves the sign-up messages, checking confirmPassword when sent', async () => {
    const b = new Browser(t.app);
    const base = { email: uniqueEmail('msg'), fullname: 'X', password: GOOD_PASSWORD };
    const cases: [object, string][] = [
      [{ ...base, email: '' }, MESSAGES.fillAllFields],
      [{ ...base, password: '' }, MESSAGES.fillAllFields],
      [{ ...base, email: 'bad@' }, MESSAGES.validEmail],
      [{ ...base, fullname: ' ' }, MESSAGES.enterFullName],
      [{ ...base, confirmPassword: 'different pass' }, MESSAGES.passwordsDoNotMatch],
      [{ ...base, password: 'short' }, AUTH_MESSAGES.passwordTooShort],
    ];
    for (const [body, message] of cases) {
      const res = await b.post('/api/auth/complete-registration', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('direct sign-up serves every docs/spec.md §5 sign-up message in order, and the password policy', async () => {
    const b = new Browser(t.app);
    const ok = {
      email: uniqueEmail('direct'),
      fullname: 'Katherine Johnson',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    };
    const cases: [object, string][] = [
      [{ ...ok, email: '' }, MESSAGES.fillAllFields],
      [{ ...ok, password: '' }, MESSAGES.fillAllFields],
      [{ ...ok, confirmPassword: '' }, MESSAGES.fillAllFields],
      [{ email: ok.email, fullname: 'Only Name' }, MESSAGES.fillAllFields],
      [{ ...ok, email: 'not an email' }, MESSAGES.validEmail],
      [{ ...ok, email: 'x@y' }, MESSAGES.validEmail],
      [{ ...ok, fullname: '' }, MESSAGES.enterFullName],
      [{ ...ok, fullname: '   ' }, MESSAGES.enterFullName],
      [{ ...ok, confirmPassword: `${GOOD_PASSWORD}!` }, MESSAGES.passwordsDoNotMatch],
      [{ ...ok, password: 'abc1234', confirmPassword: 'abc1234' }, AUTH_MESSAGES.passwordTooShort],
      [
        { ...ok, password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
        AUTH_MESSAGES.passwordTooLong,
      ],
      [
        { ...ok, password: 'Password123', confirmPassword: 'Password123' },
        AUTH_MESSAGES.passwordTooCommon,
      ],
      [
        { ...ok, password: '12345678', confirmPassword: '12345678' },
        AUTH_MESSAGES.passwordTooCommon,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await new Browser(t.app).post('/api/auth/register', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ hasError: true, message });
    }
    expect(await mailCountFor(ok.email)).toBe(0);

    const created = await b.post('/api/auth/register', ok);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ hasError: false, message: MESSAGES.registrationSuccessful });
    // 128 characters is still fine.
    const long = 'y'.repeat(128);
    const longRes = await b.post('/api/auth/register', {
      ...ok,
      email: uniqueEmail('long'),
      password: long,
      confirmPassword: long,
    });
    expect(longRes.statusCode).toBe(200);
  });

  it('accepts docs/spec.md §3 sign-up payload without confirmPassword; register, then log in', async () => {
    const account = {
      email: uniqueEmail('spec'),
      fullname: 'Grace Hopper',
      password: GOOD_PASSWORD,
    };
    const res = await new Browser(t.app).post('/api/auth/register', account);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasError: false, message: MESSAGES.registrationSuccessful });
    const login = await new Browser(t.app).post('/api/auth/login', account);
    expect(login.statusCode).toBe(200);
    expect(login.json().response.fullname).toBe('Grace Hopper');
  });

  it('sign-up of a taken address replies exactly like a new one and mails the owner a reset link', async () => {
    const owner = await registerAccount(t.app);
    const attempt = (email: string, path: string) =>
      new Browser(t.app).post(path, {
        email,
        fullname: 'Mallory',
        password: 'mallory guesses',
        confirmPassword: 'mallory guesses',
      });
    for (const path of ['/api/auth/register', '/api/auth/complete-registration']) {
      const fresh = await attempt(uniqueEmail('fresh'), path);
      const taken = await attempt(owner.email.toUpperCase(), path);
      expect(taken.statusCode, path).toBe(fresh.statusCode);
      expect(taken.json(), path).toEqual(fresh.json());
      expect(taken.json()).toEqual({ hasError: false, message: MESSAGES.registrationSuccessful });
      expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    }
    // The owner hears of it, with a working reset link; the account itself is untouched.
    const mail = await lastMailTo(ctx(), owner.email);
    expect(mail?.subject).toMatch(/tried to register/);
    expect(mail?.body_text).toContain('already has one');
    const login = (password: string) =>
      new Browser(t.app).post('/api/auth/login', { email: owner.email, password });
    expect((await login('mallory guesses')).statusCode).toBe(401);
    expect((await login(owner.password)).statusCode).toBe(200);
    const token = linkToken(mail!.body_text, '/reset-password');
    const reset = await new Browser(t.app).post('/api/auth/reset-password', {
      user_id: token,
      password: 'owner chose anew',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('owner chose anew')).statusCode).toBe(200);
    const users = await ctx()
      .db.selectFrom('users')
      .select('full_name')
      .where('email', '=', owner.email)
      .execute();
    expect(users).toEqual([{ full_name: owner.fullname }]);
  });

  it('complete-registration for an address that signed up meanwhile is a 409', async () => {
    const email = uniqueEmail('race');
    const token = await invite(email);
    await registerAccount(t.app, { email });
    const b = new Browser(t.app);
    const res = await b.post('/api/auth/complete-registration', {
      email,
      fullname: 'Late',
      password: GOOD_PASSWORD,
      user_id: token,
    });
    expect(res.statusCode).toBe(409);
  });

  it('one invitation link creates one account even under concurrent use', async () => {
    const email = uniqueEmail('twice');
    const token = await invite(email);
    const body = { email, fullname: 'Twin', password: GOOD_PASSWORD, user_id: token };
    const results = await Promise.all([
      new Browser(t.app).post('/api/auth/complete-registration', body),
      new Browser(t.app).post('/api/auth/complete-registration', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const users = await ctx()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('rate limits register and complete-registration (429)', async () => {
    const b = new Browser(t.app);
    for (let i = 0; i < LIMITS.register; i++) {
      expect((await b.post('/api/auth/register', { email: 'bad' })).statusCode).toBe(400);
    }
    const limited = await b.post('/api/auth/register', { email: uniqueEmail() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ hasError: true, message: AUTH_MESSAGES.tooManyRequests });

    const before = await mailCount(ctx());
    for (let i = 0; i < LIMITS.completeRegistration; i++) {
      await b.post('/api/auth/complete-registration', {});
    }
    const res = await b.post('/api/auth/complete-registration', {});
    expect(res.statusCode).toBe(429);
    expect(await mailCount(ctx())).toBe(before);
  });

  async function mailCountFor(email: string): Promise<number> {
    await ctx().mailer.idle();
    const rows = await ctx()
      .db.selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .execute();
    return rows.length;
  }
});
