import type { Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import type { DB } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../lib/mail.ts';
import type { EmbeddingClient } from '../rag/embeddings/index.ts';
import type { RealtimeHub } from '../realtime/realtime-hub.ts';
import type { VacuumScheduler } from '../search/vacuum-scheduler.ts';
import type { SessionConfig } from './auth/sessions.service.ts';
import type { RateCounters } from './embed/rate-counters.ts';

/**
 * Everything a service may be handed. A service takes the slice it uses as its first argument,
 * `deps: Pick<ServiceDeps, 'db' | 'log'>` (with `EnvOf<…>` for settings), so what it touches
 * is visible in its signature and a test builds only that; the app context satisfies every
 * slice. Functions that must run inside a caller's transaction take that transaction instead,
 * as repositories do.
 */
export interface ServiceDeps {
  db: Kysely<DB>;
  env: Env;
  log: Logger;
  mailer: Mailer;
  sessions: SessionConfig;
  /** Durable background jobs (training, crawling …); run by the worker role. */
  jobs: JobQueue;
  /** Pushes events to a signed-in user's sockets, from any role. */
  realtime: RealtimeHub;
  /** Dense retrieval's embedding model; absent when none is configured or pgvector is missing. */
  embedder?: EmbeddingClient | undefined;
  /** Per-minute budgets of chat messages, counted where every API process sees them. */
  rateCounters: RateCounters;
  /** Embedded database only: reclaims what index merges leave behind, coalesced. */
  searchVacuum?: VacuumScheduler | undefined;
}

/** The settings a service reads: `EnvOf<'dataDir' | 'publicUrl'>`. */
export type EnvOf<K extends keyof Env> = { env: Pick<Env, K> };
