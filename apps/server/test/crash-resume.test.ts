import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_COOKIE, CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from '@docent/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../src/bootstrap.ts';
import { loadEnv } from '../src/config/env.ts';
import { createLogger } from '../src/lib/logger.ts';
import { startSession } from '../src/modules/auth/sessions.service.ts';
import { createScratchDatabase } from './helpers/database.ts';

/**
 * Acceptance 3: the server is SIGKILLed while training a large text source; after a restart the
 * job completes and the bot holds exactly what an uninterrupted run produces. Runs on the
 * embedded database (file-backed DATA_DIR), or on PostgreSQL when TEST_DATABASE_URL is set
 * (there the dead worker's job is reclaimed when its lease lapses).
 */
const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const JWT_SECRET = 'crash-test-secret-long-enough-for-hs256-signing';
const base = loadEnv();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// Many small documents (about 1.5 MB in all, under the request-body limit): the pipeline
// commits 64 documents per transaction, so this makes ~47 commits and several seconds of work,
// leaving a window in which some but not all documents are committed.
const items = Array.from({ length: 3000 }, (_, i) => ({
  title: `Chapter ${i}`,
  content: Array.from(
    { length: 2 },
    (_, p) =>
      `Paragraph ${p} of chapter ${i} talks about topic ${(i * 7 + p) % 97}. ${'Words fill the page with meaning. '.repeat(5)}`,
  ).join('\n\n'),
}));

describe('crash during training', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docent-crash-'));
  const children: ChildProcess[] = [];
  let databaseUrl = '';
  let dropDatabase = async () => {};
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const runtimeEnv = () =>
    loadEnv({ DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });

  const env = (port: number) => ({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    JOB_CONCURRENCY: '1',
    JOB_LEASE_SECONDS: '5',
  });

  async function startServer(port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: env(port),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return child;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server did not start: ${stderr}`);
  }

  it('resumes the job after SIGKILL and ends with the same chunks as an uninterrupted run', {
    timeout: 300_000,
  }, async () => {
    if (base.TEST_DATABASE_URL) {
      const scratch = await createScratchDatabase(base.TEST_DATABASE_URL);
      databaseUrl = scratch.url;
      dropDatabase = scratch.drop;
    }
    // A user and a session, written before the server owns the database files.
    const setup = await createRuntime(runtimeEnv(), { log: createLogger('silent') });
    const { id: userId } = await setup.ctx.db
      .insertInto('users')
      .values({
        email: 'crash@example.com',
        password_hash: null,
        avatar_path: null,
        plan: 'platinum',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tokens = await startSession(setup.ctx.sessions, userId);
    await setup.close();
    const headers = {
      'content-type': 'application/json',
      cookie: `${ACCESS_COOKIE}=${tokens.accessToken}; ${REFRESH_COOKIE}=${tokens.refreshToken}; ${CSRF_COOKIE}=${tokens.csrf}`,
      [CSRF_HEADER]: tokens.csrf,
    };

    const port = await freePort();
    const api = (p: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${port}/api/${p}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (r) => ({
        status: r.status,
        // biome-ignore lint/suspicious/noExplicitAny: tests read whatever each endpoint answers
        body: (await r.json()) as { response?: any; message: string },
      }));
    const train = () =>
      api('upload/text', { content_list: items, stage: 1, char_count: 0, bot_count: 1 });
    const status = async (botId: string) => (await api(`upload/status/${botId}`)).body.response;

    let server = await startServer(port);
    const started = await train();
    expect(started.status).toBe(200);
    const botId = started.body.response.botId as string;

    // Kill once some, but not all, documents are committed.
    let killedAt = -1;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const s = await status(botId);
      if (s.progress.documents_done > 0) {
        expect(s.processing_complete).toBe(false);
        server.kill('SIGKILL');
        killedAt = s.progress.documents_done;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(killedAt).toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(items.length);
    await new Promise<void>((r) =>
      server.exitCode !== null || server.signalCode !== null ? r() : server.once('exit', () => r()),
    );

    server = await startServer(port);
    const waitTrained = async (id: string) => {
      const until = Date.now() + 180_000;
      while (Date.now() < until) {
        const s = await status(id);
        if (s.processing_complete) return s;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('training did not complete after restart');
    };
    const resumed = await waitTrained(botId);

    // The reference: the same content trained without interruption, into a second bot.
    const reference = await train();
    const referenceId = reference.body.response.botId as string;
    const uninterrupted = await waitTrained(referenceId);
    expect(resumed.progress.total_chars).toBe(uninterrupted.progress.total_chars);

    server.kill('SIGTERM');
    await new Promise<void>((r) => server.once('exit', () => r()));

    const check = await createRuntime(runtimeEnv(), { log: createLogger('silent') });
    try {
      const count = async (table: 'documents' | 'chunks' | 'search_documents', bot: string) =>
        Number(
          (
            await check.ctx.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('bot_id', '=', bot)
              .executeTakeFirstOrThrow()
          ).n,
        );
      for (const table of ['documents', 'chunks', 'search_documents'] as const) {
        expect(await count(table, botId)).toBe(await count(table, referenceId));
      }
      expect(await count('documents', botId)).toBe(items.length);
      const jobs = await check.ctx.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .orderBy('created_at')
        .execute();
      expect(jobs[0]).toEqual({ status: 'done', attempts: 2 });
    } finally {
      await check.close();
    }
  });
});
