import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_COOKIE, CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from '@docent/shared';
import { createRuntime } from '../../src/bootstrap.ts';
import { loadEnv } from '../../src/config/env.ts';
import { createLogger } from '../../src/lib/logger.ts';
import type { Role } from '../../src/lifecycle.ts';
import { startSession } from '../../src/modules/auth/sessions.service.ts';
import { createScratchDatabase } from '../helpers/database.ts';

/**
 * A scale-out install on this machine, started the way docs/deploy.md tells an operator to:
 * one fresh PostgreSQL database, one Redis (namespaced by REDIS_PREFIX), `--roles=api,realtime`
 * and `--roles=worker` processes on loopback ports, each ready once /api/health/ready says so.
 */
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const JWT_SECRET = 'scale-out-harness-secret-long-enough-for-hs256';
const READY_TIMEOUT_MS = 120_000;

export interface Proc {
  name: string;
  roles: Role[];
  port: number;
  url: string;
  child: ChildProcess;
  /** Where its stdout and stderr go (kept until the cluster closes). */
  logFile: string;
  /** The process's JSON log lines so far. */
  logs(): Record<string, unknown>[];
}

export interface Cluster {
  databaseUrl: string;
  procs: Proc[];
  start(name: string, roles: Role[]): Promise<Proc>;
  /** SIGKILL (a crash) or SIGTERM (a graceful stop); resolves once the process is gone. */
  stop(proc: Proc, signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 180_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

/**
 * Starts `src/main.ts` (or, `compiled`, the built `dist/main.js` that `npm start` runs: see
 * buildServer) with `roles` on a free loopback port, its output in `logFile`; resolves once
 * /api/health/ready answers 200. `env` adds to (and overrides) the install's settings.
 */
/** Builds dist/main.js from the current source, as `npm start` does first. */
export function buildServer(): void {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: SERVER_DIR, stdio: 'inherit' });
}

/**
 * The Node flags of apps/server's start script (the heap limit, see docs/operations.md), so a
 * compiled install here runs with what `npm start` gives it.
 */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8'));
  return String(pkg.scripts.start)
    .split(' ')
    .filter((arg) => arg.startsWith('--'));
}

export async function spawnServer(opts: {
  name: string;
  roles: Role[];
  dir: string;
  logFile: string;
  env: Record<string, string>;
  onSpawn?: (proc: Proc) => void;
  compiled?: boolean;
}): Promise<Proc> {
  const { name, roles, dir, logFile } = opts;
  const port = await freePort();
  const out = createWriteStream(logFile);
  const child = spawn(
    process.execPath,
    [
      ...(opts.compiled ? [...startFlags(), 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts']),
      `--roles=${roles.join(',')}`,
    ],
    {
      cwd: SERVER_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dir,
        JWT_SECRET,
        TRUST_PROXY: 'true',
        ALLOW_PRIVATE_NETWORK: 'true',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: path.join(dir, 'no-web'),
        WIDGET_DIST_DIR: path.join(dir, 'no-widget'),
        ...opts.env,
      },
    },
  );
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const proc: Proc = {
    name,
    roles,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    logFile,
    logs: () =>
      readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
  opts.onSpawn?.(proc);
  const tail = () => readFileSync(logFile, 'utf8').slice(-3000);
  await waitFor(
    `${name} ready`,
    async () => {
      if (child.exitCode !== null) return 'exited';
      const res = await fetch(`${proc.url}/api/health/ready`);
      return res.status === 200 ? 'ready' : undefined;
    },
    READY_TIMEOUT_MS,
  ).then(
    (state) => {
      if (state === 'exited') throw new Error(`${name} exited at start:\n${tail()}`);
    },
    (err: Error) => {
      throw new Error(`${err.message}\n${tail()}`);
    },
  );
  return proc;
}

export async function startCluster(opts: {
  pgServerUrl: string;
  redisUrl: string;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const scratch = await createScratchDatabase(opts.pgServerUrl);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-scale-'));
  const prefix = `docent-scale-${randomBytes(4).toString('hex')}`;
  const procs: Proc[] = [];

  async function start(name: string, roles: Role[]): Promise<Proc> {
    const proc = await spawnServer({
      name,
      roles,
      dir,
      logFile: path.join(dir, `${name}-${procs.length}.log`),
      env: {
        DATABASE_URL: scratch.url,
        REDIS_URL: opts.redisUrl,
        REDIS_PREFIX: prefix,
        JOB_LEASE_SECONDS: '10',
        ...opts.env,
      },
      onSpawn: (p) => procs.push(p),
    });
    return proc;
  }

  return {
    databaseUrl: scratch.url,
    procs,
    start,
    async stop(proc, signal) {
      proc.child.kill(signal);
      await exited(proc.child);
    },
    async close() {
      for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
      await Promise.all(procs.map((p) => exited(p.child)));
      await scratch.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Account {
  userId: string;
  headers: Record<string, string>;
  cookie: string;
}

/**
 * A user with a live session, written straight to the install's database: PostgreSQL at
 * `databaseUrl`, or the embedded database in `dataDir` before its server starts.
 */
export async function createAccount(
  databaseUrl: string | { dataDir: string },
  email: string,
  /** How long the session's access token lasts (the server's default unless given). */
  accessTtlSeconds?: number,
): Promise<Account> {
  const where =
    typeof databaseUrl === 'string'
      ? { DATABASE_URL: databaseUrl, DATA_DIR: os.tmpdir() }
      : { DATA_DIR: databaseUrl.dataDir };
  const ttl = accessTtlSeconds ? { ACCESS_TOKEN_TTL_SECONDS: String(accessTtlSeconds) } : {};
  const setup = await createRuntime(
    loadEnv({ ...where, ...ttl, JWT_SECRET, LOG_LEVEL: 'silent' }),
    {
      log: createLogger('silent'),
      roles: [],
    },
  );
  try {
    const { id: userId } = await setup.ctx.db
      .insertInto('users')
      .values({ email, password_hash: null, avatar_path: null, plan: 'platinum' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const t = await startSession(setup.ctx.sessions, userId);
    const cookie = `${ACCESS_COOKIE}=${t.accessToken}; ${REFRESH_COOKIE}=${t.refreshToken}; ${CSRF_COOKIE}=${t.csrf}`;
    return {
      userId,
      cookie,
      headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: t.csrf },
    };
  } finally {
    await setup.close();
  }
}

export interface Reply {
  status: number;
  /** The request id the process answered with (the one its logs and jobs carry). */
  requestId: string;
  // biome-ignore lint/suspicious/noExplicitAny: the harness reads whatever each endpoint answers
  body: { hasError: boolean; message: string; response?: any };
}

/** A signed-in JSON call to one process. */
export async function api(
  proc: Proc,
  account: Account,
  route: string,
  body?: unknown,
): Promise<Reply> {
  const res = await fetch(`${proc.url}/api/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: account.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(60_000),
  });
  return replyOf(res);
}

export async function replyOf(res: Response): Promise<Reply> {
  return {
    status: res.status,
    requestId: res.headers.get('x-request-id') ?? '',
    body: (await res.json()) as Reply['body'],
  };
}

/** The process among `procs` that logged the start of a job queued by request `requestId`. */
export function ranJob(procs: Proc[], requestId: string, job: string): Proc | undefined {
  return procs.find((p) =>
    p.logs().some((l) => l.msg === 'job started' && l.job === job && l.requestId === requestId),
  );
}
