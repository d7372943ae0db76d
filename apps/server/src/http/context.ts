import type { Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import type { DatabaseKind } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../lib/mail.ts';
import type { SessionConfig } from '../modules/auth/sessions.service.ts';
import type { ChatService } from '../modules/chat/chat.service.ts';
import type { EmbeddingClient } from '../rag/embeddings/index.ts';
import type { RealtimeHub } from '../realtime/realtime-hub.ts';
import type { VacuumScheduler } from '../search/vacuum-scheduler.ts';

/** What every handler can reach through `request.server.ctx`; built once in buildApp. */
export interface AppContext {
  env: Env;
  db: Kysely<DB>;
  dbKind: DatabaseKind;
  log: Logger;
  mailer: Mailer;
  sessions: SessionConfig;
  /** Durable background jobs (training, crawling …); run by the worker role. */
  jobs: JobQueue;
  /** Pushes events to a signed-in user's sockets, from any role. */
  realtime: RealtimeHub;
  /** Dense retrieval's embedding model; absent when none is configured or pgvector is missing. */
  embedder?: EmbeddingClient | undefined;
  /** Embedded database only: reclaims what index merges leave behind, coalesced. */
  searchVacuum?: VacuumScheduler | undefined;
  /** Answers questions and keeps conversations (dashboard preview and widget). */
  chat: ChatService;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
