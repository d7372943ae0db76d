import type { EnvOf, ServiceDeps } from '../service-deps.ts';

/** What the account services need. */
export type AccountDeps = Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'sessions'> &
  EnvOf<'publicUrl' | 'dataDir' | 'OPERATOR_EMAIL' | 'DEFAULT_PLAN'>;
