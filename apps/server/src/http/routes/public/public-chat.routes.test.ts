import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CHAT_QUESTION_MAX, parseEventStream, WIDGET_MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { call } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';
import { addDocument } from '../../../search/testing/search-db.ts';

const SHOP = 'https://shop.example';
const VISITOR_A = 'visitorAAAAAAAAAAAAAAAA';
const VISITOR_B = 'visitorBBBBBBBBBBBBBBBB';

/** The events of a stream body, by the widget's own decoder, with their data parsed. */
const parseSse = (body: string) =>
  parseEventStream(body).map(({ event, data }) => ({ event, data: JSON.parse(data) }));

describe('public widget API', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let botId: string;
  let openBotId: string;

  async function makeBot(userId: string, name: string) {
    const bot = await t.runtime.ctx.db
      .insertInto('bots')
      .values({ user_id: userId, name, agent_name: 'Ava', business_name: 'Acme Bikes' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const source = await t.runtime.ctx.db
      .insertInto('sources')
      .values({ bot_id: bot.id, type: 'text', source_type: 3, origin: null, input: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addDocument(
      t.runtime.ctx.db,
      { botId: bot.id, sourceId: source.id },
      {
        title: 'Warranty',
        url: 'https://acme.example/warranty',
        kind: 'web',
        text: 'Every frame comes with a lifetime warranty against manufacturing defects. Brakes are covered for two years.',
      },
    );
    return bot.id;
  }

  const chat = (bot: string, body: Record<string, unknown>, origin: string | null = SHOP) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/bots/${bot}/chat`,
      headers: origin ? { origin } : {},
      payload: { visitor_id: VISITOR_A, ...body },
    });

  const widgetDir = mkdtempSync(path.join(os.tmpdir(), 'docent-widget-'));
  const WIDGET_SOURCE = '(()=>{/* the widget */})();\n';

  beforeAll(async () => {
    writeFileSync(path.join(widgetDir, 'widget.js'), WIDGET_SOURCE);
    t = await createTestApp({
      WIDGET_DIST_DIR: widgetDir,
      WIDGET_VISITOR_MESSAGES_PER_MINUTE: '4',
      WIDGET_BOT_MESSAGES_PER_MINUTE: '12',
    });
    owner = await createSignedInUser(t.runtime.ctx);
    stranger = await createSignedInUser(t.runtime.ctx);
    botId = await makeBot(owner.userId, 'Acme helper');
    openBotId = await makeBot(owner.userId, 'Open bot');
    const saved = await call(t, owner, 'POST', '/api/settings/allowed-domains', {
      bot_id: botId,
      domains: ['https://Shop.Example/some/page', '*.acme.example', 'localhost:4173', ''],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.response.domains).toEqual([
      '*.acme.example',
      'localhost:4173',
      'shop.example',
    ]);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(widgetDir, { recursive: true, force: true });
  });

  it('edits allowed domains only for the owner and validates them', async () => {
    const got = await call(t, owner, 'GET', `/api/settings/allowed-domains?bot_id=${botId}`);
    expect(got.body.response).toEqual({
      bot_id: botId,
      domains: ['*.acme.example', 'localhost:4173', 'shop.example'],
    });
    const bad = await call(t, owner, 'POST', '/api/settings/allowed-domains', {
      bot_id: botId,
      domains: ['exa mple.com'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(WIDGET_MESSAGES.domainInvalid);
    for (const who of [stranger, null]) {
      const res = await call(t, who, 'POST', '/api/settings/allowed-domains', {
        bot_id: botId,
        domains: [],
      });
      expect(res.status).toBe(who ? 404 : 401);
    }
    expect((await call(t, stranger, 'GET', `/api/settings/allowed-domains/${botId}`)).status).toBe(
      404,
    );
  });

  it('gives an allowed origin the config with CORS and no cookies', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/bots/${botId}/config`,
      headers: { origin: 'https://www.acme.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://www.acme.example');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    const body = res.json();
    expect(body.response).toMatchObject({
      bot_id: botId,
      bot_name: 'Acme helper',
      agent_name: 'Ava',
      greeting: "Hi! I'm Ava at Acme Bikes. How can I help you today?",
      theme: { header_color: 'rgba(246,247,252,1)', chat_icon_color: '#2EC16E', header_logo: null },
    });
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/public/bots/${botId}/chat`,
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:4173');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
  });

  it('refuses a foreign Origin with 403 and never answers it', async () => {
    for (const origin of [
      'https://evil.example',
      'https://shop.example.evil.com',
      'http://localhost:5000',
      'null',
    ]) {
      const config = await t.app.inject({
        method: 'GET',
        url: `/api/public/bots/${botId}/config`,
        headers: { origin },
      });
      expect(config.statusCode).toBe(403);
      expect(config.json()).toEqual({ hasError: true, message: WIDGET_MESSAGES.originRefused });
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: `/api/public/bots/${botId}/chat`,
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const res = await chat(botId, { question: 'What does the warranty cover?' }, origin);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('warranty');
    }
    // Without an Origin (not a browser page) a restricted bot is refused too…
    expect((await chat(botId, { question: 'warranty?' }, null)).statusCode).toBe(403);
    // …but the product's own hosted page always may chat.
    const hosted = await chat(
      botId,
      { question: 'warranty?', visitor_id: 'hostedvisitor0000001' },
      'http://localhost:3000',
    );
    expect(hosted.statusCode).toBe(200);
  });

  it('streams an answer with sources and restores it only for the same visitor', async () => {
    const res = await chat(botId, { question: 'What does the frame warranty cover?' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    const events = parseSse(res.body);
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['meta', 'token', 'sources', 'done']),
    );
    expect(events[0]?.event).toBe('meta');
    const done = events.find((e) => e.event === 'done')?.data;
    expect(done.answer).toContain('lifetime warranty');
    const conversationId = done.conversation_id as string;
    const sources = events.find((e) => e.event === 'sources')?.data.sources;
    expect(sources[0]).toMatchObject({ title: 'Warranty', url: 'https://acme.example/warranty' });

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/public/bots/${botId}/conversations/${conversationId}?visitor_id=${VISITOR_A}`,
      headers: { origin: SHOP },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().response).toEqual([
      expect.objectContaining({
        question: 'What does the frame warranty cover?',
        answer: done.answer,
      }),
    ]);
    const viaPost = await t.app.inject({
      method: 'POST',
      url: `/api/public/bots/${botId}/conversations/${conversationId}`,
      headers: { origin: SHOP },
      payload: { visitor_id: VISITOR_A },
    });
    expect(viaPost.json().response).toHaveLength(1);

    // Another visitor, another bot, or continuing it as someone else: 404, nothing leaks.
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/public/bots/${botId}/conversations/${conversationId}?visitor_id=${VISITOR_B}`,
      headers: { origin: SHOP },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('warranty');
    const otherBot = await t.app.inject({
      method: 'GET',
      url: `/api/public/bots/${openBotId}/conversations/${conversationId}?visitor_id=${VISITOR_A}`,
      headers: { origin: SHOP },
    });
    expect(otherBot.statusCode).toBe(404);
    const hijack = await chat(botId, {
      question: 'and brakes?',
      conversation_id: conversationId,
      visitor_id: VISITOR_B,
    });
    expect(hijack.statusCode).toBe(404);
    const listB = await t.app.inject({
      method: 'GET',
      url: `/api/public/bots/${botId}/conversations?visitor_id=${VISITOR_B}`,
      headers: { origin: SHOP },
    });
    expect(listB.json().response).toEqual([]);
    // The owner's dashboard conversations are a separate channel.
    const dashboard = await call(t, owner, 'POST', '/api/ai/conversations', { bot_id: botId });
    expect(dashboard.body.response).toEqual([]);
  });

  it('limits the message size', async () => {
    const long = await chat(openBotId, {
      question: 'x'.repeat(CHAT_QUESTION_MAX + 1),
      visitor_id: 'sizevisitor000000001',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('too long');
    const huge = await chat(openBotId, {
      question: 'y'.repeat(40_000),
      visitor_id: 'sizevisitor000000002',
    });
    expect(huge.statusCode).toBe(413);
    const badVisitor = await chat(openBotId, { question: 'hi', visitor_id: 'short' });
    expect(badVisitor.statusCode).toBe(400);
  });

  it('rate-limits per visitor and per bot with a friendly 429', async () => {
    // Budgets are per clock minute: do not start right before the window turns over.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
    const ask = (visitor: string, origin = 'https://anywhere.example') =>
      chat(openBotId, { question: 'warranty?', visitor_id: visitor }, origin);
    for (let i = 0; i < 4; i++) expect((await ask('ratevisitor00000000001')).statusCode).toBe(200);
    const limited = await ask('ratevisitor00000000001');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ hasError: true, message: WIDGET_MESSAGES.visitorRateLimited });
    expect(limited.headers['access-control-allow-origin']).toBe('https://anywhere.example');
    // Other visitors of the same bot still chat until the bot's budget (12/min) is spent.
    let status = 200;
    let n = 0;
    for (let v = 2; status === 200 && v < 20; v++) {
      for (let i = 0; i < 2 && status === 200; i++) {
        const res = await ask(`ratevisitor000000000${String(v).padStart(2, '0')}`);
        status = res.statusCode;
        if (status === 200) n++;
        else expect(res.json().message).toMatch(/too quickly|very busy/);
      }
    }
    expect(status).toBe(429);
    expect(n).toBeLessThanOrEqual(12);
    // The restricted bot has its own budget.
    expect(
      (await chat(botId, { question: 'warranty?', visitor_id: 'ratevisitor00000000099' }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown bot and serves the hosted page', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/public/bots/00000000-0000-4000-8000-000000000000/config',
      headers: { origin: SHOP },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/public/bots/nope/config' })).statusCode,
    ).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: `/c/${botId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`data-botid="${botId}"`);
    expect(page.body).toContain('data-mode="page"');
    expect(page.body).toContain('<title>Acme helper</title>');
    expect((await t.app.inject({ method: 'GET', url: '/c/nope' })).statusCode).toBe(404);
  });

  it("lets exactly the bot's allowed domains (and the product) frame the hosted chat", async () => {
    const page = await t.app.inject({ method: 'GET', url: `/c/${botId}` });
    const csp = String(page.headers['content-security-policy']);
    const directives = csp.split(';').map((d) => d.trim().split(/\s+/));
    const frame = directives.filter(([name]) => name === 'frame-ancestors');
    expect(frame).toHaveLength(1);
    expect(frame[0]?.slice(1).sort()).toEqual(
      [
        "'self'",
        'https://*.acme.example:*',
        'http://*.acme.example:*',
        'https://localhost:4173',
        'http://localhost:4173',
        'https://shop.example:*',
        'http://shop.example:*',
      ].sort(),
    );
    // The rest of the policy is the app's own, and nothing else forbids framing.
    expect(directives.find(([name]) => name === 'script-src')).toEqual(['script-src', "'self'"]);
    expect(page.headers['x-frame-options']).toBeUndefined();
    // No list: the widget works on any site, and so may the hosted page be framed.
    const open = await t.app.inject({ method: 'GET', url: `/c/${openBotId}` });
    expect(String(open.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https: http:",
    );
    // Every other page still refuses to be framed by other sites.
    const other = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(String(other.headers['content-security-policy'])).not.toContain('shop.example');
  });

  it('serves /widget.js briefly cached and the versioned URL cached for good', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.body).toBe(WIDGET_SOURCE);
    const hash = String(plain.headers.etag).replaceAll('"', '');
    expect(hash).toMatch(/^[a-f0-9]{16}$/);
    for (const url of [`/widget.js?v=${hash}`, `/widget/${hash}.js`]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toBe(WIDGET_SOURCE);
    }
    const stale = await t.app.inject({ method: 'GET', url: '/widget.js?v=0000000000000000' });
    expect(stale.headers['cache-control']).toBe('public, max-age=300');
    expect(
      (await t.app.inject({ method: 'GET', url: '/widget/0000000000000000.js' })).statusCode,
    ).toBe(404);
    const cached = await t.app.inject({
      method: 'GET',
      url: '/widget.js',
      headers: { 'if-none-match': `"${hash}"` },
    });
    expect(cached.statusCode).toBe(304);
    const page = await t.app.inject({ method: 'GET', url: `/c/${botId}` });
    expect(page.body).toContain(`src="/widget/${hash}.js"`);
  });
});
