import type { Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import type { DatabaseKind } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../lib/mail.ts';
import type { SessionConfig } from '../modules/auth/sessions.service.ts';

/** What every handler can reach through `request.server.ctx`; built once in buildApp. */
export interface AppContext {
  env: Env;
  db: Kysely<DB>;
  dbKind: DatabaseKind;
  log: Logger;
  mailer: Mailer;
  sessions: SessionConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
