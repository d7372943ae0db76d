import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';

export interface RunningServer {
  url: string;
  /** Every stdout/stderr line so far. */
  lines: string[];
  /** Resolves with the first link in an outbox mail logged after `since` whose path starts so. */
  mailLink: (pathPrefix: string, opts?: { since?: number; timeoutMs?: number }) => Promise<string>;
  /** Index to pass as `since` so only later log lines count. */
  mark: () => number;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** pino writes JSON lines; the mail logger puts the whole mail text in `msg`. */
function messageOf(line: string): string {
  try {
    const parsed = JSON.parse(line) as { msg?: unknown };
    return typeof parsed.msg === 'string' ? parsed.msg : line;
  } catch {
    return line;
  }
}

const MAIL_LINE = /mail \(outbox #\d+\):/;
const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;

async function waitForHealth(url: string, child: ChildProcess, lines: string[]): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`Server exited with ${child.exitCode}:\n${lines.slice(-30).join('\n')}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server did not become healthy:\n${lines.slice(-30).join('\n')}`);
}

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`) on a free port with a
 * fresh temporary DATA_DIR, serving the already built web app (run `npm run build` first).
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  // E2E_WEB_DIST points at another build of the web app (default: apps/web/dist).
  const webDist = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` before the browser tests`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docent-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: webDist,
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer, carry: { rest: string }) => {
    const text = carry.rest + chunk.toString('utf8');
    const parts = text.split('\n');
    carry.rest = parts.pop() ?? '';
    for (const part of parts) if (part.trim()) lines.push(part);
    for (const wake of waiters) wake();
  };
  const out = { rest: '' };
  const err = { rest: '' };
  child.stdout?.on('data', (c: Buffer) => collect(c, out));
  child.stderr?.on('data', (c: Buffer) => collect(c, err));

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, lines);
  } catch (error) {
    await stop();
    throw error;
  }

  const findLink = (pathPrefix: string, since: number): string | undefined => {
    for (const line of lines.slice(since)) {
      const msg = messageOf(line);
      if (!MAIL_LINE.test(msg)) continue;
      for (const link of msg.match(URL_IN_TEXT) ?? []) {
        if (new URL(link).pathname.startsWith(pathPrefix)) return link;
      }
    }
    return undefined;
  };

  const mailLink: RunningServer['mailLink'] = (pathPrefix, opts = {}) => {
    const since = opts.since ?? 0;
    const timeoutMs = opts.timeoutMs ?? 15_000;
    return new Promise((resolve, reject) => {
      const check = () => {
        const link = findLink(pathPrefix, since);
        if (!link) return;
        cleanup();
        resolve(link);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No mail with a ${pathPrefix} link within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  };

  return { url, lines, mailLink, mark: () => lines.length, stop };
}
