import {
  ACCESS_COOKIE,
  AUTH_MESSAGES,
  CSRF_COOKIE,
  CSRF_HEADER,
  MESSAGES,
  REFRESH_COOKIE,
} from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { LOGIN_SLOW_DOWN } from '../../../modules/auth/login.service.ts';
import { REFRESH_RACE_GRACE_MS } from '../../../modules/auth/sessions.service.ts';
import { signToken } from '../../../modules/auth/tokens.ts';
import { Browser, registerAccount, signedInBrowser, uniqueEmail } from './auth.test-kit.ts';
import { LIMITS } from './rate-limits.ts';

describe('login, logout and token refresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (b: Browser, body: unknown) => b.post('/api/auth/login', body);

  it('logs in with exactly the spec body and sets the three cookies', async () => {
    const account = await registerAccount(t.app, { fullname: 'Grace Hopper' });
    const b = new Browser(t.app);
    const res = await login(b, { email: account.email.toUpperCase(), password: account.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      hasError: false,
      message: AUTH_MESSAGES.loginSuccessful,
      response: {
        user: account.email,
        userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        fullname: 'Grace Hopper',
        botCount: 0,
      },
    });
    expect(Object.keys(body.response).sort()).toEqual(['botCount', 'fullname', 'user', 'userId']);
    expect([...b.cookies.keys()].sort()).toEqual(
      [ACCESS_COOKIE, CSRF_COOKIE, REFRESH_COOKIE].sort(),
    );
    expect(res.headers[CSRF_HEADER]).toBe(b.csrf);
    const access = res.cookies.find((c) => c.name === ACCESS_COOKIE);
    expect(access).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(res.cookies.find((c) => c.name === CSRF_COOKIE)?.httpOnly).toBeFalsy();
    // The session works.
    expect((await b.get('/api/auth/personal-info')).statusCode).toBe(200);
  });

  it('counts the bots of the account in botCount', async () => {
    const account = await registerAccount(t.app);
    const user = await t.runtime.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    await t.runtime.ctx.db
      .insertInto('bots')
      .values([
        { user_id: user.id, name: 'one' },
        { user_id: user.id, name: 'two' },
      ])
      .execute();
    const res = await login(new Browser(t.app), account);
    expect(res.json().response.botCount).toBe(2);
  });

  it('serves the spec login messages', async () => {
    const b = new Browser(t.app);
    for (const body of [
      {},
      { email: 'a@b.co' },
      { password: 'x' },
      { email: '  ', password: 'x' },
    ]) {
      const res = await login(b, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ hasError: true, message: MESSAGES.fillAllFields });
    }
    const bad = await login(b, { email: 'not-an-email', password: 'whatever1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.validEmail);
  });

  it('answers unknown e-mail and wrong password alike, with no token_type', async () => {
    const account = await registerAccount(t.app);
    const b = new Browser(t.app);
    const wrong = await login(b, { email: account.email, password: 'wrong password!' });
    const unknown = await login(b, { email: 'nobody-here@example.com', password: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ hasError: true, message: AUTH_MESSAGES.invalidCredentials });
      expect(res.cookies).toEqual([]);
    }
  });

  it('rate limits login per client address with 429 in the envelope', async () => {
    const b = new Browser(t.app);
    for (let i = 0; i < LIMITS.login; i++) {
      expect((await login(b, { email: 'x@example.com', password: '' })).statusCode).toBe(400);
    }
    const limited = await login(b, { email: 'x@example.com', password: 'whatever1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ hasError: true, message: AUTH_MESSAGES.tooManyRequests });
    // Another address is not affected.
    expect((await login(new Browser(t.app), { email: 'x@example.com' })).statusCode).toBe(400);
  });

  it('slows down guessing one account from many client addresses, known or unknown alike', async () => {
    const account = await registerAccount(t.app);
    const unknown = uniqueEmail('nobody');
    const guess = (email: string, password = 'wrong guess 1') =>
      login(new Browser(t.app), { email, password });
    for (const email of [account.email, unknown]) {
      for (let i = 0; i < LOGIN_SLOW_DOWN.freeFailures; i++) {
        expect((await guess(email)).statusCode).toBe(401);
      }
      // Each guess came from a fresh client address: the per-address limit never saw a second.
      const slowed = await guess(email.toUpperCase());
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json()).toEqual({ hasError: true, message: AUTH_MESSAGES.loginSlowedDown });
    }
    // Even the right password waits: trying it must not tell a guesser it was right.
    expect((await guess(account.email, account.password)).statusCode).toBe(429);
    // Another account is not affected.
    const other = await registerAccount(t.app);
    expect((await guess(other.email, other.password)).statusCode).toBe(200);
    // Once the wait is over, the owner gets in and the slate is clean.
    await t.runtime.ctx.db
      .updateTable('login_failures')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await guess(account.email, account.password)).statusCode).toBe(200);
    const left = await t.runtime.ctx.db
      .selectFrom('login_failures')
      .select('email')
      .where('email', '=', account.email)
      .execute();
    expect(left).toEqual([]);
  });

  it('lets a burst of simultaneous guesses on one account through only up to the free ones', async () => {
    const account = await registerAccount(t.app);
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        login(new Browser(t.app), { email: account.email, password: 'parallel guess' }),
      ),
    );
    const checked = burst.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_SLOW_DOWN.freeFailures + 1);
    expect(burst.filter((r) => r.statusCode === 429).length).toBe(12 - checked);
  });

  it('refuses state changes without the CSRF header or with a wrong one (403)', async () => {
    const { browser } = await signedInBrowser(t.app);
    for (const csrf of [null, 'wrong-value', '']) {
      const res = await browser.post('/api/auth/logout', undefined, { csrf });
      expect(res.statusCode).toBe(403);
      expect(res.json().hasError).toBe(true);
    }
    // Reads need no CSRF header, and the session is still alive.
    expect((await browser.get('/api/auth/personal-info')).statusCode).toBe(200);
  });

  it('answers 401 without token_type when no token is sent', async () => {
    const res = await new Browser(t.app).get('/api/auth/personal-info');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ hasError: true, message: 'Authentication required' });
  });

  it('answers an expired access token with 401 token_type access, then refresh recovers', async () => {
    const { browser, userId } = await signedInBrowser(t.app);
    const session = await t.runtime.ctx.db
      .selectFrom('sessions')
      .select(['id', 'csrf_token'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const expired = await signToken(
      t.runtime.ctx.sessions.key,
      'access',
      { sub: userId, sid: session.id, csrf: session.csrf_token },
      -60,
    );
    browser.cookies.set(ACCESS_COOKIE, expired);
    const res = await browser.get('/api/auth/personal-info');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      hasError: true,
      message: 'Authentication required',
      token_type: 'access',
    });

    const refreshed = await browser.post('/api/auth/token/refresh');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ hasError: false, message: AUTH_MESSAGES.tokenRefreshed });
    expect(refreshed.headers[CSRF_HEADER]).toBe(browser.csrf);
    expect(browser.csrf).not.toBe(session.csrf_token);
    expect((await browser.get('/api/auth/personal-info')).statusCode).toBe(200);
  });

  it('expires access tokens by ACCESS_TOKEN_TTL_SECONDS', async () => {
    // Expiry is in whole seconds (issued-at second + TTL): a one-second token issued late in
    // its second could lapse before the next request. Two seconds keep it valid for more than one.
    const short = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '2' });
    try {
      const { browser } = await signedInBrowser(short.app);
      await new Promise((r) => setTimeout(r, 3100));
      const res = await browser.get('/api/auth/personal-info');
      expect(res.statusCode).toBe(401);
      expect(res.json().token_type).toBe('access');
      expect((await browser.post('/api/auth/token/refresh')).statusCode).toBe(200);
      expect((await browser.get('/api/auth/personal-info')).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('refresh needs the CSRF header, rotates, and a replayed refresh token ends the session', async () => {
    const { browser, userId } = await signedInBrowser(t.app);
    const oldRefresh = browser.cookies.get(REFRESH_COOKIE)!;
    const oldAccess = browser.cookies.get(ACCESS_COOKIE)!;
    const oldCsrf = browser.csrf!;

    expect(
      (await browser.post('/api/auth/token/refresh', undefined, { csrf: null })).statusCode,
    ).toBe(403);
    expect(
      (await browser.post('/api/auth/token/refresh', undefined, { csrf: 'nope' })).statusCode,
    ).toBe(403);
    // GET (the spec's client) needs the header just the same.
    const getWithout = await browser.request('GET', '/api/auth/token/refresh', { csrf: null });
    expect(getWithout.statusCode).toBe(403);

    const first = await browser.post('/api/auth/token/refresh');
    expect(first.statusCode).toBe(200);
    expect(browser.cookies.get(REFRESH_COOKIE)).not.toBe(oldRefresh);

    // Someone replays the old refresh token (after the grace for racing tabs): detected, the
    // whole session is revoked.
    await t.runtime.ctx.db
      .updateTable('sessions')
      .set({ refreshed_at: new Date(Date.now() - REFRESH_RACE_GRACE_MS - 1000) })
      .where('user_id', '=', userId)
      .execute();
    const thief = new Browser(t.app);
    thief.cookies.set(REFRESH_COOKIE, oldRefresh);
    thief.cookies.set(CSRF_COOKIE, oldCsrf);
    const replay = await thief.post('/api/auth/token/refresh');
    expect(replay.statusCode).toBe(401);
    expect(replay.json().token_type).toBe('refresh');
    const after = await browser.get('/api/auth/personal-info');
    expect(after.statusCode).toBe(401);
    const stale = new Browser(t.app);
    stale.cookies.set(ACCESS_COOKIE, oldAccess);
    expect((await stale.get('/api/auth/personal-info')).statusCode).toBe(401);
  });

  it('two tabs refreshing at the same moment both stay signed in on one session', async () => {
    const { browser, userId } = await signedInBrowser(t.app);
    const tab2 = new Browser(t.app);
    for (const [k, v] of browser.cookies) tab2.cookies.set(k, v);
    const [a, b] = await Promise.all([
      browser.post('/api/auth/token/refresh'),
      tab2.post('/api/auth/token/refresh'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(browser.csrf).toBe(tab2.csrf);
    expect((await browser.get('/api/auth/personal-info')).statusCode).toBe(200);
    expect((await tab2.get('/api/auth/personal-info')).statusCode).toBe(200);
    expect((await tab2.post('/api/auth/token/refresh')).statusCode).toBe(200);
    expect((await browser.post('/api/auth/token/refresh')).statusCode).toBe(200);
    const sessions = await t.runtime.ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', userId)
      .execute();
    expect(sessions).toEqual([{ revoked_at: null }]);
  });

  it('refresh without a refresh cookie is 401 without token_type; a forged one is token_type refresh', async () => {
    const none = await new Browser(t.app).post('/api/auth/token/refresh', undefined, { csrf: 'x' });
    expect(none.statusCode).toBe(401);
    expect(none.json().token_type).toBeUndefined();
    const forged = new Browser(t.app);
    forged.cookies.set(REFRESH_COOKIE, 'not.a.jwt');
    const res = await forged.post('/api/auth/token/refresh', undefined, { csrf: 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json().token_type).toBe('refresh');
  });

  it('logout revokes the session server-side and clears the cookies', async () => {
    const { browser } = await signedInBrowser(t.app);
    const saved = browser.cookieHeader();
    const savedCsrf = browser.csrf!;
    const res = await browser.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasError: false, message: AUTH_MESSAGES.logoutSuccessful });
    expect(browser.cookies.size).toBe(0);

    // The tokens kept by an attacker no longer work: neither access nor refresh.
    const replay = new Browser(t.app);
    for (const pair of saved.split('; ')) {
      const [k, v] = pair.split('=') as [string, string];
      replay.cookies.set(k, v);
    }
    expect((await replay.get('/api/auth/personal-info')).statusCode).toBe(401);
    const refresh = await replay.post('/api/auth/token/refresh', undefined, { csrf: savedCsrf });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().token_type).toBe('refresh');
  });

  it("refresh and logout answer the spec client's GET with the CSRF header, never without it", async () => {
    const { browser } = await signedInBrowser(t.app);
    const oldRefresh = browser.cookies.get(REFRESH_COOKIE);
    const refreshed = await browser.get('/api/auth/token/refresh');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ hasError: false, message: AUTH_MESSAGES.tokenRefreshed });
    expect(refreshed.headers[CSRF_HEADER]).toBe(browser.csrf);
    expect(browser.cookies.get(REFRESH_COOKIE)).not.toBe(oldRefresh);

    // A cross-site link carries the cookies but cannot set the header: nothing happens.
    const crossSite = await browser.request('GET', '/api/auth/logout', { csrf: null });
    expect(crossSite.statusCode).toBe(403);
    const wrong = await browser.request('GET', '/api/auth/logout', { csrf: 'forged' });
    expect(wrong.statusCode).toBe(403);
    expect((await browser.get('/api/auth/personal-info')).statusCode).toBe(200);

    const out = await browser.get('/api/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ hasError: false, message: AUTH_MESSAGES.logoutSuccessful });
    expect(browser.cookies.size).toBe(0);
  });

  it('logout accepts an empty body sent with a JSON content type', async () => {
    const { browser } = await signedInBrowser(t.app);
    const res = await browser.request('POST', '/api/auth/logout', {
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.logoutSuccessful);
  });

  it('logout needs a session', async () => {
    expect((await new Browser(t.app).post('/api/auth/logout')).statusCode).toBe(401);
  });
});
