import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { buildApp } from '../../apps/server/src/http/app.ts';
import type { AppContext } from '../../apps/server/src/http/context.ts';
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

export async function startHarness(overrides: Record<string, string> = {}): Promise<Harness> {
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

  const ctx = runtime.ctx;
  const user = await createSignedInUser(ctx);
  async function addBot(f: { name: string; agent_name: string; text: string; url?: string }) {
    const bot = await ctx.db
      .insertInto('bots')
      .values({
        user_id: user.userId,
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
  const bot = {
    id: await addBot({
      name: 'Warranty',
      agent_name: 'Ava',
      url: 'https://acme.example/warranty',
      text: 'Every frame comes with a lifetime warranty against manufacturing defects. Brakes and gears are covered by the warranty for two years.',
    }),
  };
  const logo = await sharp({
    create: { width: 300, height: 300, channels: 4, background: '#1d4ed8' },
  })
    .png()
    .toBuffer();
  await saveThemeForOwner(ctx, user.userId, {
    botId: bot.id,
    colors: {
      header_color: 'rgba(17,24,39,1)',
      agent_color: 'rgba(243,244,246,1)',
      user_color: 'rgba(124,58,237,1)',
      send_icon_color: '#7C3AED',
      chat_icon_color: '#7C3AED',
    },
    logo,
  });
  const snippetFor = (botId: string, inline = false) =>
    `<script src="${apiOrigin}/widget.js" data-id="${user.userId}" data-botid="${botId}"${inline ? ' data-mode="inline" data-target="#chat-here"' : ''} defer></script>`;
  const snippet = snippetFor(bot.id);

  const hostRequests: string[] = [];
  const host = http.createServer((req, res) => {
    hostRequests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/') {
      res.writeHead(404).end();
      return;
    }
    const botId = url.searchParams.get('bot');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    const inline = url.searchParams.has('inline');
    const chosen = botId && /^[0-9a-f-]{36}$/.test(botId) ? botId : bot.id;
    res.end(hostPage(snippetFor(chosen, inline), inline));
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;

  return {
    apiOrigin,
    hostUrl,
    botId: bot.id,
    userId: user.userId,
    snippet,
    ctx,
    hostRequests,
    addBot,
    pageFor: (botId, opts) => `${hostUrl}?bot=${botId}${opts?.inline ? '&inline=1' : ''}`,
    async close() {
      await new Promise((r) => host.close(r));
      await app.close();
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
