import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { AppContext } from '../../apps/server/src/app-context.ts';
import { createRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { buildApp } from '../../apps/server/src/http/app.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { saveThemeForOwner } from '../../apps/server/src/modules/theme/theme.service.ts';
import { addDocument } from '../../apps/server/src/search/testing/search-db.ts';
import { createSignedInUser } from '../../apps/server/test/helpers/users.ts';

/**
 * The real app on one loopback port with a branded, trained bot, and a customer's page on a
 * second port that embeds the snippet under a hostile stylesheet.
 */
export const HOSTILE_CSS = `
* { all: unset !important; }
html { font-size: 40px !important; }
body { display: block !important; font: 48px/2 serif !important; color: #900 !important; }
div, p, h1, section { display: block !important; position: relative !important; z-index: 2147483647 !important; }
h1 { font-size: 72px !important; }
.war { position: fixed !important; right: 0 !important; bottom: 0 !important; width: 50px !important; height: 50px !important; background: #f0f !important; }
style, script { display: none !important; }
`;

export function hostPage(snippet: string, inline = false): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customer site</title><style>${HOSTILE_CSS}</style></head>
<body>
<h1 id="title">Acme Bikes</h1>
<p id="para">We sell bikes. This paragraph must keep its place when the chat opens.</p>
<div class="war">z</div>
${inline ? '<section id="chat-here" style="height:560px!important;width:420px!important"></section>' : ''}
${snippet}
</body></html>`;
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

export interface Harness {
  apiOrigin: string;
  hostUrl: string;
  botId: string;
  userId: string;
  snippet: string;
  ctx: AppContext;
  /** Paths the customer's page server was asked for (to catch exfiltration attempts). */
  hostRequests: string[];
  /** Another bot of the same owner, trained on `text`; its id. */
  addBot(fields: { name: string; agent_name: string; text: string; url?: string }): Promise<string>;
  /** The customer's page for another bot (`/?bot=<id>`), optionally with the inline chat. */
  pageFor(botId: string, opts?: { inline?: boolean }): string;
  close(): Promise<void>;
}

interface BotFields {
  name: string;
  agent_name: string;
  text: string;
  url?: string;
}

/** A trained bot whose one text source holds `text`, written straight to the database. */
async function insertTrainedBot(ctx: AppContext, userId: string, f: BotFields): Promise<string> {
  const bot = await ctx.db
    .insertInto('bots')
    .values({
      user_id: userId,
      name: f.name,
      agent_name: f.agent_name,
      business_name: 'Acme Bikes',
      status: 'trained',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const source = await ctx.db
    .insertInto('sources')
    .values({
      bot_id: bot.id,
      type: 'text',
      source_type: 3,
      origin: null,
      input: null,
      status: 'trained',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addDocument(
    ctx.db,
    { botId: bot.id, sourceId: source.id },
    { title: f.name, url: f.url ?? null, kind: 'web', text: f.text },
  );
  return bot.id;
}

/** The widget's look in every run: dark header, violet bubbles and icons, a blue square logo. */
async function brand(ctx: AppContext, userId: string, botId: string): Promise<void> {
  const logo = await sharp({
    create: { width: 300, height: 300, channels: 4, background: '#1d4ed8' },
  })
    .png()
    .toBuffer();
  await saveThemeForOwner(ctx, userId, {
    botId,
    colors: {
      header_color: 'rgba(17,24,39,1)',
      agent_color: 'rgba(243,244,246,1)',
      user_color: 'rgba(124,58,237,1)',
      send_icon_color: '#7C3AED',
      chat_icon_color: '#7C3AED',
    },
    logo,
  });
}

/** The real app on a free loopback port, with a fresh data directory. */
async function startApp(overrides: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docent-widget-bench-'));
  const port = await freePort();
  const apiOrigin = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: apiOrigin,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_NETWORK: 'true',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...overrides,
  });
  const runtime = await createRuntime(env, { log: createLogger('silent'), pgliteDir: null });
  const app = await buildApp(runtime.ctx);
  await app.listen({ port, host: '127.0.0.1' });
  const close = async () => {
    await app.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { apiOrigin, ctx: runtime.ctx, close };
}

/** The customer's site: `/` embeds the snippet of `?bot=` (else `defaultBot`), `?inline` inline. */
async function startHostSite(
  snippetFor: (botId: string, inline: boolean) => string,
  defaultBot: string,
) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/') {
      res.writeHead(404).end();
      return;
    }
    const botId = url.searchParams.get('bot');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    const inline = url.searchParams.has('inline');
    const chosen = botId && /^[0-9a-f-]{36}$/.test(botId) ? botId : defaultBot;
    res.end(hostPage(snippetFor(chosen, inline), inline));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
  return { url, requests, close: () => new Promise((r) => server.close(r)) };
}

export async function startHarness(overrides: Record<string, string> = {}): Promise<Harness> {
  const app = await startApp(overrides);
  const { apiOrigin, ctx } = app;
  const user = await createSignedInUser(ctx);
  const addBot = (f: BotFields) => insertTrainedBot(ctx, user.userId, f);
  const botId = await addBot({
    name: 'Warranty',
    agent_name: 'Ava',
    url: 'https://acme.example/warranty',
    text: 'Every frame comes with a lifetime warranty against manufacturing defects. Brakes and gears are covered by the warranty for two years.',
  });
  await brand(ctx, user.userId, botId);
  const snippetFor = (id: string, inline = false) =>
    `<script src="${apiOrigin}/widget.js" data-id="${user.userId}" data-botid="${id}"${inline ? ' data-mode="inline" data-target="#chat-here"' : ''} defer></script>`;
  const host = await startHostSite(snippetFor, botId);
  return {
    apiOrigin,
    hostUrl: host.url,
    botId,
    userId: user.userId,
    snippet: snippetFor(botId),
    ctx,
    hostRequests: host.requests,
    addBot,
    pageFor: (id, opts) => `${host.url}?bot=${id}${opts?.inline ? '&inline=1' : ''}`,
    async close() {
      await host.close();
      await app.close();
    },
  };
}
