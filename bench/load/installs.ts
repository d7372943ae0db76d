import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chatLoad } from '../../apps/server/test/scale-out/chat-load.ts';
import {
  type Account,
  api,
  buildServer,
  createAccount,
  type Proc,
  spawnServer,
  startCluster,
  waitFor,
} from '../../apps/server/test/scale-out/cluster.ts';
import { waitCrawled, waitTrained } from '../../apps/server/test/scale-out/knowledge.ts';

/**
 * The installs bench/load measures, started as an operator would: `npm start`'s single
 * embedded process, and the scale-out install of docs/deploy.md (2 API processes, 1 worker).
 */
export interface Install {
  apis: Proc[];
  /** The process whose memory the embedded figures report. */
  main?: Proc;
  close(): Promise<void>;
}

/** Budgets sized for people would refuse a load test's visitors. */
const LOAD_ENV = { ...chatLoad.env, LOG_LEVEL: 'warn' };

/**
 * `npm start`'s single process (every role, embedded database, the compiled server) on the data
 * directory `dir`, with `env` over the load settings.
 */
export function spawnEmbedded(
  dir: string,
  name = 'embedded',
  env: Record<string, string> = {},
): Promise<Proc> {
  buildServer();
  return spawnServer({
    compiled: true,
    name,
    roles: ['api', 'realtime', 'worker'],
    dir,
    logFile: path.join(dir, `${name}.log`),
    env: { ...LOAD_ENV, DATABASE_URL: '', REDIS_URL: '', ...env },
  });
}

export async function startEmbedded(): Promise<Install & { account: Account }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-load-'));
  const account = await createAccount({ dataDir: dir }, 'load@example.com');
  const main = await spawnEmbedded(dir);
  return {
    apis: [main],
    main,
    account,
    async close() {
      main.child.kill('SIGTERM');
      await new Promise((r) => main.child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startScaleOut(
  pgServerUrl: string,
  redisUrl: string,
): Promise<Install & { account: Account }> {
  const cluster = await startCluster({ pgServerUrl, redisUrl, env: LOAD_ENV });
  const apis = await Promise.all([
    cluster.start('api-a', ['api', 'realtime']),
    cluster.start('api-b', ['api', 'realtime']),
  ]);
  await cluster.start('worker', ['worker']);
  const account = await createAccount(cluster.databaseUrl, 'load@example.com');
  return { apis, account, close: () => cluster.close() };
}

/** Crawls the site from its home page and trains every page with text; returns the bot. */
export async function trainSite(
  proc: Proc,
  account: Account,
  siteUrl: string,
): Promise<{ botId: string; pages: number; seconds: number }> {
  const t0 = performance.now();
  const started = await api(proc, account, 'upload/website', {
    website_url: siteUrl,
    stage: 1,
    fetch_img_content: false,
  });
  if (started.status !== 200) throw new Error(`crawl refused: ${started.body.message}`);
  const crawl = await waitCrawled(() => proc, account, started.body.response.crawl_id);
  const pages = (crawl.pages as { url: string; token_count: number }[])
    .filter((p) => p.token_count > 0)
    .map((p) => p.url);
  const trained = await api(proc, account, 'upload/website', {
    selected_urls: pages,
    stage: 2,
    char_count: 0,
    bot_count: 1,
    bot_id: '',
    crawl_id: started.body.response.crawl_id,
  });
  if (trained.status !== 200) throw new Error(`training refused: ${trained.body.message}`);
  const botId = trained.body.response.botId as string;
  await waitTrained(() => proc, account, botId);
  return { botId, pages: pages.length, seconds: (performance.now() - t0) / 1000 };
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
export function memoryOf(proc: Proc): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${proc.child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** The bare Fastify ceiling in a process of its own. */
export async function startBare(): Promise<{ url: string; close(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./bare-server.ts', import.meta.url).pathname],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  const port = await waitFor('bare Fastify', async () => out.match(/^(\d+)\n/)?.[1], 60_000);
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
