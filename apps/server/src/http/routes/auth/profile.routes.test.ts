import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES, AVATAR_MAX_BYTES, MESSAGES } from '@docent/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { avatarsDir } from '../../../modules/users/avatar-store.ts';
import { Browser, multipart, signedInBrowser } from './auth.test-kit.ts';

function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: '#2ec16e' } })
    .toFormat(format)
    .toBuffer();
}

describe('profile: personal info, avatar files, delete account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const dir = () => avatarsDir(t.env.dataDir);

  function postInfo(
    b: Browser,
    jsonData: unknown,
    file?: { data: Buffer; type?: string; filename?: string },
    opts: { csrf?: string | null } = {},
  ) {
    const body = multipart(
      jsonData === undefined ? {} : { json_data: JSON.stringify(jsonData) },
      file
        ? [
            {
              field: 'avatar_img',
              filename: file.filename ?? 'me.png',
              type: file.type ?? 'image/png',
              data: file.data,
            },
          ]
        : [],
    );
    return b.request('POST', '/api/auth/personal-info', { ...body, ...opts });
  }

  it('GET personal-info returns full_name, avatar (null by default) and email', async () => {
    const { browser, account } = await signedInBrowser(t.app);
    const res = await browser.get('/api/auth/personal-info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      hasError: false,
      message: AUTH_MESSAGES.profileLoaded,
      response: { full_name: account.fullname, avatar: null, email: account.email },
    });
  });

  it('renames without a picture', async () => {
    const { browser, account } = await signedInBrowser(t.app);
    const res = await postInfo(browser, { name: '  Ada King  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      hasError: false,
      message: AUTH_MESSAGES.profileUpdated,
      response: { full_name: 'Ada King', avatar: null, email: account.email },
    });
    expect((await browser.get('/api/auth/personal-info')).json().response.full_name).toBe(
      'Ada King',
    );
  });

  it('stores PNG, JPEG and WebP avatars under generated names and serves them with nosniff', async () => {
    const { browser } = await signedInBrowser(t.app);
    const cases = [
      ['png', 'image/png', 'png'],
      ['jpeg', 'image/jpeg', 'jpg'],
      ['webp', 'image/webp', 'webp'],
    ] as const;
    let previous: string | undefined;
    for (const [format, type, ext] of cases) {
      const data = await image(format);
      // The declared type and the file name are not trusted; bytes decide.
      const res = await postInfo(
        browser,
        { name: 'Pic' },
        { data, type: 'application/octet-stream', filename: '../../etc/passwd' },
      );
      expect(res.statusCode, format).toBe(200);
      const avatar: string = res.json().response.avatar;
      expect(avatar).toMatch(new RegExp(`^/api/files/avatars/[a-f0-9]{32}\\.${ext}$`));
      const name = avatar.split('/').pop()!;
      expect(existsSync(path.join(dir(), name))).toBe(true);
      if (previous) expect(existsSync(path.join(dir(), previous))).toBe(false);
      previous = name;

      const served = await new Browser(t.app).get(avatar);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe(format);
      expect([meta.width, meta.height]).toEqual([64, 48]);
    }
    expect((await browser.get('/api/auth/personal-info')).json().response.avatar).toBe(
      `/api/files/avatars/${previous}`,
    );
  });

  it('re-encodes large pictures down to 512 px and drops trailing data', async () => {
    const { browser } = await signedInBrowser(t.app);
    const big = await image('png', 1600, 800);
    const smuggled = Buffer.concat([big, Buffer.from('<script>alert(1)</script>')]);
    const res = await postInfo(browser, { name: 'Big' }, { data: smuggled });
    expect(res.statusCode).toBe(200);
    const served = await new Browser(t.app).get(res.json().response.avatar);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 256]);
    expect(served.rawPayload.includes('<script>')).toBe(false);
  });

  it('refuses other types (by content) with 415 and oversized files with 413', async () => {
    const { browser } = await signedInBrowser(t.app);
    const stored = () => (existsSync(dir()) ? readdirSync(dir()).length : 0);
    const before = stored();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    const fakePng = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100, 7)]);
    for (const data of [svg, await image('gif'), fakePng, Buffer.from('GIF89a')]) {
      const res = await postInfo(browser, { name: 'X' }, { data, type: 'image/png' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ hasError: true, message: AUTH_MESSAGES.avatarType });
    }
    const huge = Buffer.concat([await image('png'), Buffer.alloc(AVATAR_MAX_BYTES, 1)]);
    const res = await postInfo(browser, { name: 'X' }, { data: huge });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ hasError: true, message: AUTH_MESSAGES.avatarTooLarge });
    expect((await browser.get('/api/auth/personal-info')).json().response).toMatchObject({
      avatar: null,
    });
    expect(stored()).toBe(before);
  });

  it('validates json_data: name required, malformed JSON is a 400', async () => {
    const { browser } = await signedInBrowser(t.app);
    for (const jsonData of [{ name: '' }, { name: '   ' }, {}, undefined]) {
      const res = await postInfo(browser, jsonData);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.enterFullName);
    }
    const bad = multipart({ json_data: '{not json' });
    const res = await browser.request('POST', '/api/auth/personal-info', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().hasError).toBe(true);
    const notMultipart = await browser.post('/api/auth/personal-info', { name: 'x' });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('personal-info needs a session and, for POST, the CSRF header', async () => {
    expect((await new Browser(t.app).get('/api/auth/personal-info')).statusCode).toBe(401);
    const { browser } = await signedInBrowser(t.app);
    const res = await postInfo(browser, { name: 'X' }, undefined, { csrf: null });
    expect(res.statusCode).toBe(403);
  });

  it('serves only generated avatar names', async () => {
    mkdirSync(dir(), { recursive: true });
    writeFileSync(path.join(t.env.dataDir, 'secret.txt'), 'secret');
    for (const name of [
      '..%2Fsecret.txt',
      '..%2F..%2Fsecret.txt',
      'secret.txt',
      `${'a'.repeat(32)}.svg`,
      `${'a'.repeat(32)}.png.html`,
      `${'A'.repeat(32)}.png`,
    ]) {
      const res = await new Browser(t.app).get(`/api/files/avatars/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.body).not.toContain('secret');
    }
    const missing = await new Browser(t.app).get(`/api/files/avatars/${'a'.repeat(32)}.png`);
    expect(missing.statusCode).toBe(404);
  });

  it('delete-account removes the account, what it owns and its files, and revokes its tokens', async () => {
    const { browser, account, userId } = await signedInBrowser(t.app);
    const up = await postInfo(browser, { name: 'Bye' }, { data: await image('png') });
    const avatarName = (up.json().response.avatar as string).split('/').pop()!;
    const db = t.runtime.ctx.db;
    const bot = await db
      .insertInto('bots')
      .values({ user_id: userId, name: 'doomed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const botDir = path.join(t.env.dataDir, 'uploads', 'bots', bot.id);
    const userDir = path.join(t.env.dataDir, 'uploads', 'users', userId);
    for (const d of [botDir, userDir]) {
      mkdirSync(d, { recursive: true });
      writeFileSync(path.join(d, 'file.bin'), 'x');
    }
    const saved = new Browser(t.app);
    for (const [k, v] of browser.cookies) saved.cookies.set(k, v);

    expect(
      (await browser.post('/api/auth/delete-account', undefined, { csrf: null })).statusCode,
    ).toBe(403);
    const res = await browser.post('/api/auth/delete-account');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasError: false, message: AUTH_MESSAGES.accountDeleted });
    expect(browser.cookies.size).toBe(0);

    expect(await db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('bots').select('id').where('user_id', '=', userId).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute(),
    ).toEqual([]);
    expect(existsSync(path.join(dir(), avatarName))).toBe(false);
    expect(existsSync(botDir)).toBe(false);
    expect(existsSync(userDir)).toBe(false);

    expect((await saved.get('/api/auth/personal-info')).statusCode).toBe(401);
    const refresh = await saved.post('/api/auth/token/refresh');
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().token_type).toBe('refresh');
    expect((await new Browser(t.app).post('/api/auth/login', account)).statusCode).toBe(401);
    // The address is free again.
    const again = await new Browser(t.app).post('/api/auth/register', {
      ...account,
      confirmPassword: account.password,
    });
    expect(again.statusCode).toBe(200);
  });

  it('delete-account accepts an empty body sent with a JSON content type', async () => {
    const { browser, userId } = await signedInBrowser(t.app);
    const res = await browser.request('POST', '/api/auth/delete-account', {
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasError: false, message: AUTH_MESSAGES.accountDeleted });
    const db = t.runtime.ctx.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual(
      [],
    );
  });

  it('delete-account needs a session', async () => {
    expect((await new Browser(t.app).post('/api/auth/delete-account')).statusCode).toBe(401);
  });
});
