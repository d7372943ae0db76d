/**
 * Website training benchmark (issue 4, acceptance 4) on the PostgreSQL 15 manual (1,169 pages).
 *
 *   bash ../shared/fixtures/scripts/fetch_debian_docs.sh /tmp/docsites     # once
 *   node --import tsx bench/crawl/crawl.bench.ts [--site /tmp/docsites/sites/postgresql-15]
 *
 * Serves the manual with python3 -m http.server on loopback and prints:
 *   1. wget -r of the site (reference),
 *   2. the crawler alone (own process: time, pages/s, peak RSS), and the ratio to wget,
 *   3. the whole product in this process (API + realtime + job worker + embedded PGlite):
 *      POST upload/website stage 1 → the final `website_parser_list` push (all pages listed),
 *      then stage 2 with every page → training complete → the bot answers a question.
 * Targets: stage 1 < 6 s, crawler peak RSS < 300 MB, training < 30 s.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ClientToServerEvents,
  type CrawlListEvent,
  CSRF_HEADER,
  REALTIME_PATH,
  type ServerToClientEvents,
} from '@docent/shared';
import { io, type Socket } from 'socket.io-client';
import { createRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { buildApp } from '../../apps/server/src/http/app.ts';
import { createJobHandlers } from '../../apps/server/src/jobs/definitions/index.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { attachRealtime } from '../../apps/server/src/realtime/attach-realtime.ts';
import { createSignedInUser } from '../../apps/server/test/helpers/users.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const SITE = arg('site', '/tmp/docsites/sites/postgresql-15');
const PORT = Number(arg('port', '8011'));
const START = `http://127.0.0.1:${PORT}/index.html`;
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const peakRssMb = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

if (!existsSync(path.join(SITE, 'index.html'))) {
  process.stdout.write(
    `Site not found at ${SITE}.\nBuild it: bash ../shared/fixtures/scripts/fetch_debian_docs.sh /tmp/docsites\n`,
  );
  process.exit(2);
}
const htmlFiles = readdirSync(SITE).filter((f) => f.endsWith('.html')).length;

async function serve(): Promise<ChildProcess> {
  const child = spawn(
    'python3',
    ['-m', 'http.server', String(PORT), '--bind', '127.0.0.1', '--directory', SITE],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/index.html`)).ok) return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  throw new Error('python http.server did not start');
}

function wgetSeconds(): number | null {
  const out = mkdtempSync(path.join(os.tmpdir(), 'bench-wget-'));
  const t0 = performance.now();
  try {
    execFileSync(
      'wget',
      [
        '-q',
        '-r',
        '-l',
        'inf',
        '-np',
        '-nH',
        '-P',
        out,
        '--reject-regex',
        '\\.(css|png|svg|gif)$',
        START,
      ],
      {
        stdio: 'ignore',
        timeout: 120_000,
      },
    );
  } catch (err) {
    // wget exits 8 when a link 404s; the pages were fetched all the same.
    if ((err as { status?: number }).status !== 8) return null;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return (performance.now() - t0) / 1000;
}

function crawlerAlone(): {
  ms: number;
  pages: number;
  pagesPerSecond: number;
  peakRssMb: number;
  cpuMs: number;
} {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(HERE, 'crawl-only.ts'), START, '5000'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return JSON.parse(out.trim().split('\n').pop() ?? '{}');
}

type Post = (
  p: string,
  body: unknown,
) => Promise<{ hasError: boolean; message: string; response?: Record<string, unknown> }>;

/** The whole product in this process, a signed-in platinum user and its realtime socket. */
interface Product {
  post: Post;
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  bootRss: number;
  close(): Promise<void>;
}

async function startProduct(): Promise<Product> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-crawl-'));
  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    REDIS_URL: '',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    PORT: '0',
    ALLOW_PRIVATE_NETWORK: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const runtime = await createRuntime(env, { log: createLogger('warn') });
  const app = await buildApp(runtime.ctx);
  attachRealtime(app, runtime.ctx);
  await runtime.ctx.jobs.start(createJobHandlers(runtime.ctx));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const user = await createSignedInUser(runtime.ctx, { plan: 'platinum' });
  const bootRss = peakRssMb();
  const headers = {
    cookie: user.headers.cookie,
    [CSRF_HEADER]: user.headers[CSRF_HEADER],
    'content-type': 'application/json',
  };
  const post: Post = async (p, body) => {
    const res = await fetch(`${base}/api${p}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return (await res.json()) as Awaited<ReturnType<Post>>;
  };
  const socket: Product['socket'] = io(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie: user.headers.cookie },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const close = async () => {
    socket.close();
    await runtime.ctx.realtime.close();
    await app.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { post, socket, bootRss, close };
}

/** POST upload/website stage 1 → the final `website_parser_list` push (all pages listed). */
async function stage1({ post, socket, bootRss }: Product): Promise<CrawlListEvent> {
  let pushes = 0;
  const listed = new Promise<CrawlListEvent>((resolve) => {
    socket.on('website_parser_list', (pages, crawl) => {
      pushes++;
      if (crawl.process_complete === 1) resolve({ ...crawl, pages });
    });
  });
  const t1 = performance.now();
  const started = await post('/upload/website', {
    website_url: START,
    stage: 1,
    fetch_img_content: false,
  });
  if (started.hasError) throw new Error(started.message);
  const list = await listed;
  const stage1 = performance.now() - t1;
  process.stdout.write(
    `stage 1 (API → realtime): ${list.page_count} pages listed in ${fmt(stage1)} ` +
      `(${Math.round(list.page_count / (stage1 / 1000))} pages/s, ${pushes} pushes, ${list.char_count.toLocaleString('en-US')} characters)` +
      ` — target < 6 s: ${stage1 < 6000 ? 'met' : 'MISSED'}\n`,
  );
  process.stdout.write(
    `  product process peak RSS: ${Math.round(bootRss)} MB after boot, ${Math.round(peakRssMb())} MB after stage 1\n`,
  );
  return list;
}

/** Stage 2 with every page → training complete → the bot answers a question. */
async function stage2({ post, socket }: Product, list: CrawlListEvent): Promise<void> {
  const trained = new Promise<void>((resolve) => {
    socket.on('message', (m) => {
      if (m.status === 'completed') resolve();
    });
  });
  const t2 = performance.now();
  const train = await post('/upload/website', {
    stage: 2,
    selected_urls: list.pages.map((p) => p.url),
    char_count: list.char_count,
    bot_count: 1,
    bot_id: '',
    crawl_id: list.crawl_id,
  });
  if (train.hasError) throw new Error(train.message);
  await trained;
  const stage2 = performance.now() - t2;
  const t3 = performance.now();
  const answer = await post('/ai/chat', {
    bot_id: train.response?.botId,
    question: 'How do I create an index concurrently?',
    chat_memory: [],
  });
  const chatMs = performance.now() - t3;
  process.stdout.write(
    `stage 2: ${list.page_count} pages trained in ${fmt(stage2)} — target < 30 s: ${stage2 < 30_000 ? 'met' : 'MISSED'}; ` +
      `first answer ${Math.round(chatMs)} ms: ${JSON.stringify(String(answer.response?.answer ?? answer.message).slice(0, 100))}\n`,
  );
  process.stdout.write(
    `product process peak RSS (API + worker + PGlite + bench): ${Math.round(peakRssMb())} MB\n`,
  );
}

async function product(): Promise<void> {
  const running = await startProduct();
  try {
    const list = await stage1(running);
    if (!process.argv.includes('--stage1-only')) await stage2(running, list);
  } finally {
    await running.close();
  }
}

// A fresh python server for each measured phase, so no phase inherits the last one's state.
let server = await serve();
const restartServer = async () => {
  server.kill();
  await new Promise((r) => server.once('exit', r));
  server = await serve();
};
try {
  process.stdout.write(
    `site: ${SITE} (${htmlFiles} HTML files) on ${START}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  const productOnly = process.argv.includes('--product-only');
  const wget = productOnly ? null : wgetSeconds();
  process.stdout.write(`wget -r: ${wget === null ? 'not run' : `${wget.toFixed(2)} s`}\n`);
  if (!productOnly) await restartServer();
  const alone = productOnly ? null : crawlerAlone();
  if (alone)
    process.stdout.write(
      `crawler alone: ${alone.pages} pages in ${fmt(alone.ms)} (${alone.pagesPerSecond} pages/s, CPU ${alone.cpuMs} ms), ` +
        `peak RSS ${alone.peakRssMb} MB — target < 300 MB: ${alone.peakRssMb < 300 ? 'met' : 'MISSED'}` +
        `${wget ? `; ratio to wget ${(alone.ms / 1000 / wget).toFixed(2)}×` : ''}\n`,
    );
  if (!productOnly) await restartServer();
  await product();
} finally {
  server.kill();
}
process.exit(0);
