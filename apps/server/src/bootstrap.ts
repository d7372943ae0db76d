import path from 'node:path';
import type { AppContext } from './app-context.ts';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { openMigratedDatabase } from './db/open-migrated.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMailer } from './lib/mail.ts';
import { configureSafeFetch } from './lib/safe-fetch.ts';
import { loadSigningKey } from './lib/secrets.ts';
import { createLifecycle, type Role } from './lifecycle.ts';
import { createRollupFlusher } from './modules/analytics/rollup-flusher.ts';
import { authenticate } from './modules/auth/sessions.service.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createChatStatistics } from './modules/chat/chat-statistics.ts';
import { memoryRateCounters } from './modules/embed/memory-rate-counters.ts';
import { databaseRateCounters } from './modules/embed/rate-counters.ts';
import { createAnswerEngine } from './rag/answer/index.ts';
import { createDenseSearch } from './rag/embeddings/dense-search.ts';
import { openEmbeddings } from './rag/embeddings/index.ts';
import { retrievePassages } from './rag/passages.ts';
import { createRealtimeHub } from './realtime/realtime-hub.ts';
import { vacuumSearchIndex } from './search/search.repo.ts';
import { createVacuumScheduler } from './search/vacuum-scheduler.ts';

export interface Runtime {
  ctx: AppContext;
  database: Database;
  close(): Promise<void>;
}

/** The database, migrated, with its failures logged. */
async function openRuntimeDatabase(
  env: Env,
  pgliteDir: string | null | undefined,
  log: Logger,
): Promise<Database> {
  const { database, applied } = await openMigratedDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: pgliteDir === undefined ? path.join(env.dataDir, 'pg') : pgliteDir,
    onIdleError: (err) => log.warn({ err }, 'idle database connection failed'),
    // Without its database the process can do nothing; a supervisor restarts it.
    onEmbeddedFailure: (err) => {
      log.fatal({ err }, 'the embedded database stopped: exiting');
      process.exit(1);
    },
  });
  if (applied.length > 0) log.info({ applied }, 'database migrated');
  return database;
}

/**
 * Opens the database, applies migrations and wires the services every role needs.
 * `pgliteDir: null` (tests) keeps the embedded database in memory.
 */
export async function createRuntime(
  env: Env,
  opts: { log?: Logger; pgliteDir?: string | null; roles?: Iterable<Role> } = {},
): Promise<Runtime> {
  const log = opts.log ?? createLogger(env.LOG_LEVEL);
  configureSafeFetch({ allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK, publicUrl: env.publicUrl });
  const database = await openRuntimeDatabase(env, opts.pgliteDir, log);
  const embedder = await openEmbeddings(env, database.db, log);
  const dense = embedder ? createDenseSearch({ embedder, log }) : undefined;
  const chatStatistics = await createChatStatistics({ db: database.db, log });
  const rollups = createRollupFlusher({ db: database.db, log });
  const sessions = {
    db: database.db,
    key: loadSigningKey(env.dataDir, env.JWT_SECRET),
    accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
  };
  const ctx: AppContext = {
    env,
    lifecycle: createLifecycle(opts.roles),
    db: database.db,
    dbKind: database.kind,
    log,
    mailer: createMailer({ db: database.db, log, from: env.MAIL_FROM, smtpUrl: env.SMTP_URL }),
    sessions,
    jobs: await createJobQueue({
      db: database.db,
      dbKind: database.kind,
      log,
      redisUrl: env.REDIS_URL,
      redisPrefix: env.REDIS_PREFIX,
      concurrency: env.JOB_CONCURRENCY,
      leaseSeconds: env.JOB_LEASE_SECONDS,
    }),
    realtime: await createRealtimeHub({
      authenticate: (token, hasRefresh) => authenticate(sessions, token, hasRefresh),
      publicUrl: env.publicUrl,
      redisUrl: env.REDIS_URL,
      redisPrefix: env.REDIS_PREFIX,
      log,
    }),
    embedder,
    // The embedded database lives in this one process: so can its counters.
    rateCounters:
      database.kind === 'pglite' ? memoryRateCounters() : databaseRateCounters(database.db),
    searchVacuum:
      database.kind === 'pglite'
        ? createVacuumScheduler({ vacuum: () => vacuumSearchIndex(database.db), log })
        : undefined,
    chat: createChatService({
      db: database.db,
      log,
      engine: createAnswerEngine(env, log),
      retrieve: (db, q) => retrievePassages(db, { ...q, dense }),
      turnSaved: () => {
        rollups.turnSaved();
        // PostgreSQL's autovacuum keeps the statistics current once they exist.
        if (database.kind === 'pglite') chatStatistics.turnSaved();
      },
    }),
  };
  return {
    ctx,
    database,
    async close() {
      await ctx.jobs.close(); // running jobs stop at their next checkpoint and resume later
      await ctx.realtime.close();
      await ctx.mailer.close(); // deferred mails and retries still need the database
      await ctx.searchVacuum?.stop();
      await chatStatistics.stop();
      await rollups.stop();
      await database.close();
    },
  };
}
