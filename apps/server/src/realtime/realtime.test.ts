import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  type CrawlListMeta,
  type CrawlMessageEvent,
  MESSAGES,
  REALTIME_PATH,
  type RealtimeMessageEvent,
  type StatusUpdateEvent,
} from '@docent/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.ts';
import { call, startWorker } from '../../test/helpers/knowledge.ts';
import { createSignedInUser, openSession, type SignedIn } from '../../test/helpers/users.ts';
import { loadEnv } from '../config/env.ts';
import { listEvent } from '../ingest/crawl/crawl-events.ts';
import { docPage, startTestSite } from '../ingest/crawl/test-site.fixture.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { authenticate } from '../modules/auth/sessions.service.ts';
import { attachRealtime } from './attach-realtime.ts';
import { createRealtimeHub, type RealtimeHub } from './realtime-hub.ts';

const { pages: _none, ...probeCrawl } = listEvent(
  { id: 'probe', kind: 'sitemap', start_url: 'https://probe.example/', page_cap: 1 },
  { status: 'running', pages: [], elapsedMs: 0 },
);

describe('realtime channel', () => {
  let t: TestApp;
  let url: string;
  let alice: SignedIn;
  let bob: SignedIn;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    attachRealtime(t.app, t.runtime.ctx);
    await startWorker(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
    alice = await createSignedInUser(t.runtime.ctx);
    bob = await createSignedInUser(t.runtime.ctx);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  function open(opts: {
    cookie?: string;
    origin?: string;
    query?: Record<string, string>;
  }): Socket {
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.origin) headers.origin = opts.origin;
    const s = connect(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      extraHeaders: headers,
      query: opts.query ?? {},
      reconnection: false,
      forceNew: true,
    });
    sockets.push(s);
    return s;
  }

  const outcome = (s: Socket) =>
    new Promise<'connected' | string>((resolve) => {
      s.once('connect', () => resolve('connected'));
      s.once('connect_error', (err) => resolve(err.message));
    });

  it('refuses a socket without a valid session', async () => {
    expect(await outcome(open({}))).not.toBe('connected');
    expect(await outcome(open({ cookie: 'access_token_cookie=forged.jwt.value' }))).not.toBe(
      'connected',
    );
  });

  it('refuses a foreign Origin even with a valid session', async () => {
    const s = open({ cookie: alice.headers.cookie, origin: 'https://evil.example' });
    expect(await outcome(s)).not.toBe('connected');
    const ok = open({ cookie: alice.headers.cookie, origin: 'http://localhost:3000' });
    expect(await outcome(ok)).toBe('connected');
    ok.disconnect();
  });

  it("never delivers one user's events to another, even with a forged user query", async () => {
    const a = open({ cookie: alice.headers.cookie, query: { user: alice.userId } });
    const b = open({ cookie: bob.headers.cookie, query: { user: alice.userId } });
    expect(await outcome(a)).toBe('connected');
    expect(await outcome(b)).toBe('connected');
    b.emit('connection', { user: alice.userId, userId: alice.userId });

    const seenByBob: unknown[] = [];
    b.onAny((event, payload) => seenByBob.push({ event, payload }));
    const aliceUpdates: StatusUpdateEvent[] = [];
    a.on('status_update', (p: StatusUpdateEvent) => aliceUpdates.push(p));
    const completed = new Promise<RealtimeMessageEvent>((resolve) => {
      a.on('message', (m: RealtimeMessageEvent) => {
        if (m.status === 'completed') resolve(m);
      });
    });

    const res = await call(t, alice, 'POST', '/api/upload/text', {
      content_list: [{ title: 'Secret plans', content: 'Alice only.' }],
      stage: 1,
      char_count: 1,
      bot_count: 1,
    });
    expect(res.status).toBe(200);
    const botId = res.body.response.botId as string;
    const message = await completed;
    expect(message).toMatchObject({
      bot_id: botId,
      status: 'completed',
      script_attributes: { 'data-userid': alice.userId, 'data-botid': botId },
    });
    expect(aliceUpdates.some((u) => u.bot_id === botId && u.processing_complete)).toBe(true);

    // Direct pushes to Alice's room stay in it too.
    t.runtime.ctx.realtime.emitToUser(alice.userId, 'website_parser_list', [], probeCrawl);
    await new Promise((r) => setTimeout(r, 300));
    expect(seenByBob).toEqual([]);
  });

  it("sends the crawl list as the spec's payload (the pages) and the start and end as messages", async () => {
    const words = 'Plenty of useful words about the product. '.repeat(6);
    const site = await startTestSite({
      '/': docPage('Home', `<p>${words}</p>`, ['/a.html']),
      '/a.html': docPage('A', `<p>${words}</p>`, ['/']),
    });
    const s = open({ cookie: alice.headers.cookie });
    expect(await outcome(s)).toBe('connected');
    const lists: { pages: unknown; crawl: CrawlListMeta }[] = [];
    const messages: CrawlMessageEvent[] = [];
    s.on('website_parser_list', (pages: unknown, crawl: CrawlListMeta) =>
      lists.push({ pages, crawl }),
    );
    const finished = new Promise<void>((resolve) => {
      s.on('message', (m: CrawlMessageEvent) => {
        if (!m.crawl_id) return;
        messages.push(m);
        if (m.process_complete === 1) resolve();
      });
    });
    try {
      const res = await call(t, alice, 'POST', '/api/upload/website', {
        website_url: `${site.base}/`,
        stage: 1,
        fetch_img_content: false,
      });
      expect(res.status).toBe(200);
      await finished;
      const crawlId = res.body.response.crawl_id;
      expect(messages.map((m) => [m.crawl_id, m.message, m.process_complete])).toEqual([
        [crawlId, MESSAGES.websitesWillBeLoaded, 0],
        [crawlId, MESSAGES.crawlingCompleted, 1],
      ]);
      const last = lists.at(-1);
      expect(last?.crawl).toMatchObject({ crawl_id: crawlId, process_complete: 1 });
      expect(last?.pages).toEqual([
        { url: `${site.base}/`, token_count: expect.any(Number), process_complete: 1 },
        { url: `${site.base}/a.html`, token_count: expect.any(Number), process_complete: 1 },
      ]);
    } finally {
      s.disconnect();
      await site.close();
    }
  });

  it('drops the sockets of a session as it ends: logout, password change, account deletion', async () => {
    const ctx = t.runtime.ctx;
    const carol = await createSignedInUser(ctx);
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('old password 1') })
      .where('id', '=', carol.userId)
      .execute();
    const browsers = [
      carol.headers,
      await openSession(ctx, carol.userId),
      await openSession(ctx, carol.userId),
    ];
    const sockets = browsers.map((h) => open({ cookie: h.cookie }));
    // Listened for at once: a socket may connect while the test awaits another.
    expect(await Promise.all(sockets.map(outcome))).toEqual([
      'connected',
      'connected',
      'connected',
    ]);
    const [first, second, third] = sockets as [Socket, Socket, Socket];
    const dropped = (s: Socket) =>
      new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
    const post = (url: string, headers: SignedIn['headers'], payload?: object) =>
      t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

    // Logging out in the second browser closes its socket only.
    const secondDropped = dropped(second);
    expect((await post('/api/auth/logout', browsers[1]!)).statusCode).toBe(200);
    expect(await secondDropped).toBe('io server disconnect');
    expect(first.connected && third.connected).toBe(true);

    // Changing the password in the first browser locks the third out; the first carries on.
    const thirdDropped = dropped(third);
    const changed = await post('/api/auth/change-password', browsers[0]!, {
      current_password: 'old password 1',
      new_password: 'new password 2',
      confirm_password: 'new password 2',
    });
    expect(changed.statusCode).toBe(200);
    expect(await thirdDropped).toBe('io server disconnect');
    expect(first.connected).toBe(true);

    // Deleting the account (from a fresh session) closes every socket it has left.
    const fresh = await openSession(ctx, carol.userId);
    const fourth = open({ cookie: fresh.cookie });
    expect(await outcome(fourth)).toBe('connected');
    const rest = [first, fourth].map(dropped);
    expect((await post('/api/auth/delete-account', fresh)).statusCode).toBe(200);
    expect(await Promise.all(rest)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it("answers the client's 'connection' event with the caller's own bot status only", async () => {
    const bobBot = await call(t, bob, 'POST', '/api/upload/text', {
      content_list: [{ title: 'Bob bot', content: 'Bob content.' }],
      stage: 1,
    });
    await t.runtime.ctx.jobs.whenIdle();
    const aliceBots = await t.runtime.ctx.db
      .selectFrom('bots')
      .select('id')
      .where('user_id', '=', alice.userId)
      .execute();
    const b = open({ cookie: bob.headers.cookie });
    expect(await outcome(b)).toBe('connected');
    const reply = new Promise<RealtimeMessageEvent>((resolve) => b.once('message', resolve));
    // Asking about Alice's bot while claiming to be Alice yields Bob's own bot.
    b.emit('connection', { user: alice.userId, userId: alice.userId, bot_id: aliceBots[0]!.id });
    const m = await reply;
    expect(m.bot_id).toBe(bobBot.body.response.botId);
    expect(m.script_attributes['data-userid']).toBe(bob.userId);
    expect(m.status).toBe('completed');
  });
});

const REDIS = loadEnv().TEST_REDIS_URL;

describe.runIf(REDIS)('realtime across processes (Redis adapter)', () => {
  let t: TestApp;
  let worker: RealtimeHub;
  const prefix = `docent-rt-${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: REDIS!, REDIS_PREFIX: prefix });
    attachRealtime(t.app, t.runtime.ctx);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    // A worker-role process: no HTTP server, same Redis channel.
    worker = await createRealtimeHub({
      authenticate: (token, hasRefresh) => authenticate(t.runtime.ctx.sessions, token, hasRefresh),
      publicUrl: t.env.publicUrl,
      redisUrl: REDIS!,
      redisPrefix: prefix,
      log: t.runtime.ctx.log,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it("delivers a worker's event to the user's socket on the API process, and only to them", async () => {
    const address = t.app.server.address() as AddressInfo;
    const alice = await createSignedInUser(t.runtime.ctx);
    const bob = await createSignedInUser(t.runtime.ctx);
    const open = (cookie: string) =>
      connect(`http://127.0.0.1:${address.port}`, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        extraHeaders: { cookie },
        query: { user: alice.userId },
        reconnection: false,
        forceNew: true,
      });
    const a = open(alice.headers.cookie);
    const b = open(bob.headers.cookie);
    await Promise.all([a, b].map((s) => new Promise((r) => s.once('connect', () => r(null)))));
    const bobSaw: unknown[] = [];
    b.onAny((...args) => bobSaw.push(args));
    const got = new Promise((resolve) => a.once('sitemap_parser_list', resolve));
    // Adapter subscriptions settle asynchronously; retry the publish until it lands.
    const timer = setInterval(
      () => worker.emitToUser(alice.userId, 'sitemap_parser_list', [], probeCrawl),
      100,
    );
    expect(await got).toEqual([]);
    clearInterval(timer);
    await new Promise((r) => setTimeout(r, 200));
    expect(bobSaw).toEqual([]);
    a.disconnect();
    b.disconnect();
  });
});
