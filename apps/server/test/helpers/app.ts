import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createRuntime, type Runtime } from '../../src/bootstrap.ts';
import { type Env, loadEnv } from '../../src/config/env.ts';
import { buildApp } from '../../src/http/app.ts';
import { createLogger, type Logger } from '../../src/lib/logger.ts';
import { createScratchDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  env: Env;
  close(): Promise<void>;
}

/**
 * The real app over an in-memory PGlite, or, when TEST_DATABASE_URL is set, over a fresh
 * PostgreSQL database of its own. `overrides` are environment variables for this app only.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  opts: { log?: Logger } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docent-test-'));
  const base = loadEnv();
  const scratch = base.TEST_DATABASE_URL
    ? await createScratchDatabase(base.TEST_DATABASE_URL)
    : undefined;
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ALLOW_PRIVATE_NETWORK: 'true',
    LOG_LEVEL: 'silent',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...overrides,
  });
  const runtime = await createRuntime(env, {
    log: opts.log ?? createLogger(env.LOG_LEVEL),
    pgliteDir: null,
  });
  const app = await buildApp(runtime.ctx);
  await app.ready();
  return {
    app,
    runtime,
    env,
    async close() {
      await app.close();
      await runtime.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
