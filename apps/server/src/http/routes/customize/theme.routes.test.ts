import { THEME_DEFAULTS } from '@docent/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { call, multipart } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';

const COLORS = {
  header_color: 'rgba(10, 20, 30, 0.5)',
  agent_color: 'rgb(1,2,3)',
  user_color: 'rgba(255,255,255,2)',
  send_icon_color: '#abc',
  chat_icon_color: '#12ab9F',
};

describe('customize/theme-settings', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let botId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t.runtime.ctx);
    stranger = await createSignedInUser(t.runtime.ctx);
    const bot = await t.runtime.ctx.db
      .insertInto('bots')
      .values({ user_id: owner.userId, name: 'Bikes' })
      .returning('id')
      .executeTakeFirstOrThrow();
    botId = bot.id;
  });
  afterAll(() => t?.close());

  const save = async (
    who: SignedIn,
    json: unknown,
    logo?: { content: Buffer | string; name: string; type: string },
  ) => {
    const form = await multipart(json, logo ? [{ field: 'header_logo', ...logo }] : []);
    return call(t, who, 'POST', '/api/customize/theme-settings', undefined, {
      headers: form.headers,
      payload: form.payload,
    });
  };
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();

  it('answers the spec defaults before the first save', async () => {
    const res = await call(t, owner, 'GET', `/api/customize/theme-settings/${botId}`);
    expect(res.status).toBe(200);
    expect(res.body.response.theme_data).toEqual({ ...THEME_DEFAULTS, header_logo: null });
    expect(THEME_DEFAULTS.header_color).toBe('rgba(246,247,252,1)');
    expect(THEME_DEFAULTS.chat_icon_color).toBe('#2EC16E');
  });

  it('round-trips all six fields, normalising colours and re-encoding the logo', async () => {
    const res = await save(
      owner,
      { bot_id: botId, themes: COLORS },
      { content: await png(1200, 600), name: 'logo.png', type: 'image/png' },
    );
    expect(res.status).toBe(200);
    expect(res.body.hasError).toBe(false);
    expect(res.body.message).toBe('Theme settings saved successfully');
    const loaded = await call(t, owner, 'GET', `/api/customize/theme-settings/${botId}`);
    const theme = loaded.body.response.theme_data;
    expect(theme).toMatchObject({
      header_color: 'rgba(10,20,30,0.5)',
      agent_color: 'rgba(1,2,3,1)',
      user_color: 'rgba(255,255,255,1)', // alpha clamped to 1
      send_icon_color: '#AABBCC',
      chat_icon_color: '#12AB9F',
    });
    expect(theme.header_logo).toMatch(
      new RegExp(`^/api/public/bots/${botId}/logo/logo-[a-f0-9]{32}\\.png$`),
    );
    const logo = await t.app.inject({ method: 'GET', url: theme.header_logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(logo.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(256);

    const bot = await t.runtime.ctx.db
      .selectFrom('bots')
      .select('customize_bot')
      .where('id', '=', botId)
      .executeTakeFirstOrThrow();
    expect(bot.customize_bot).toBe(true);

    // A save without a file (logo null) keeps the stored logo.
    const again = await save(owner, {
      bot_id: botId,
      themes: { ...COLORS, header_color: 'rgba(0,0,0,0)', header_logo: null },
    });
    expect(again.status).toBe(200);
    const after = await call(t, owner, 'GET', `/api/customize/theme-settings/${botId}`);
    expect(after.body.response.theme_data.header_logo).toBe(theme.header_logo);
    expect(after.body.response.theme_data.header_color).toBe('rgba(0,0,0,0)');
  });

  it.each([
    ['header_color', 'red'],
    ['header_color', 'rgba(256,0,0,1)'],
    ['agent_color', 'rgba(1,2,3,1);background:url(//evil.example/x)'],
    ['user_color', 'rgba(1,2,3,abc)'],
    ['send_icon_color', '#12345'],
    ['chat_icon_color', 'rgba(1,2,3,1)'],
    ['chat_icon_color', '#fff"><script>alert(1)</script>'],
  ])('refuses %s = %s with a 400', async (field, value) => {
    const res = await save(owner, { bot_id: botId, themes: { ...COLORS, [field]: value } });
    expect(res.status).toBe(400);
    expect(res.body.hasError).toBe(true);
    expect(res.body.message).toContain(`Invalid ${field}`);
  });

  it.each([
    [
      'SVG',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
      'image/svg+xml',
    ],
    ['HTML', '<!doctype html><script>alert(1)</script>', 'image/png'],
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'],
  ])('refuses an %s "logo" with a 415 and keeps the old theme', async (_kind, content, type) => {
    const before = await call(t, owner, 'GET', `/api/customize/theme-settings/${botId}`);
    const res = await save(
      owner,
      { bot_id: botId, themes: { ...COLORS, header_color: 'rgba(9,9,9,1)' } },
      { content, name: 'logo.png', type },
    );
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Header logo must be a PNG, JPEG or WebP image');
    const after = await call(t, owner, 'GET', `/api/customize/theme-settings/${botId}`);
    expect(after.body.response.theme_data).toEqual(before.body.response.theme_data);
  });

  it("answers 404 for another account's bot, on load and on save", async () => {
    const get = await call(t, stranger, 'GET', `/api/customize/theme-settings/${botId}`);
    expect(get.status).toBe(404);
    const post = await save(stranger, { bot_id: botId, themes: COLORS });
    expect(post.status).toBe(404);
    const owned = await call(t, owner, 'GET', `/api/customize/theme-settings/${botId}`);
    expect(owned.body.response.theme_data.header_color).not.toBe('rgba(10,20,30,0.5)');
    expect((await call(t, owner, 'GET', '/api/customize/theme-settings/not-a-uuid')).status).toBe(
      404,
    );
  });

  it('requires a session and the CSRF header', async () => {
    expect((await call(t, null, 'GET', `/api/customize/theme-settings/${botId}`)).status).toBe(401);
    const form = await multipart({ bot_id: botId, themes: COLORS });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customize/theme-settings',
      headers: { cookie: owner.headers.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(403);
  });

  it('only serves logo names it generated', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'logo-abc.svg', 'x.png']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/public/bots/${botId}/logo/${name}`,
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
