import type { Kysely } from 'kysely';
import type { Env } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { SessionConfig } from './sessions.service.ts';

/** What the account services need; the app context satisfies it. */
export interface AccountDeps {
  db: Kysely<DB>;
  env: Pick<Env, 'publicUrl' | 'dataDir' | 'OPERATOR_EMAIL' | 'DEFAULT_PLAN'>;
  log: Logger;
  mailer: Mailer;
  sessions: SessionConfig;
}
