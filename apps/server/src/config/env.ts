import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is validated once at boot so a typo in a
 * deployment fails loudly instead of silently falling back.
 */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
/** A switch that is on unless set to false or 0. */
const boolOn = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  /** Namespace of BullMQ queues and Socket.IO adapter channels in Redis. */
  REDIS_PREFIX: z.string().default('docent'),
  /** Jobs one worker process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** In-process runner: a running job whose worker stops renewing this lease is run again. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** After SIGTERM, seconds to finish in-flight requests and hand jobs back before exiting. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  /** Tests only: the Redis server for the BullMQ and Socket.IO adapter tests. */
  TEST_REDIS_URL: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Docent <no-reply@docent.local>'),
  OPERATOR_EMAIL: optionalString,
  JWT_SECRET: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  COOKIE_SECURE: optionalString,
  TRUST_PROXY: bool,
  ALLOW_PRIVATE_NETWORK: bool,
  /** Plan given to every new account (self-hosted installs usually want a larger one). */
  DEFAULT_PLAN: z.enum(['silver', 'gold', 'platinum']).default('silver'),
  /** Parallel requests of one crawl to its site. */
  CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(8),
  LLM_BASE_URL: optionalString,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  /** With a model: each question is also searched with the model's words for it. */
  LLM_QUERY_EXPANSION: boolOn,
  EMBEDDING_BASE_URL: optionalString,
  EMBEDDING_API_KEY: optionalString,
  EMBEDDING_MODEL: optionalString,
  /**
   * Cosine similarity at which a passage found by meaning counts as relevant although it shares
   * no words with the question (unset: the answer engines' default). Scales differ by model.
   */
  EMBEDDING_MIN_SIMILARITY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().min(0).max(1).optional(),
  ),
  YOUTUBE_BASE_URL: z.string().default('https://www.youtube.com'),
  CHROMIUM_PATH: optionalString,
  WEB_DIST_DIR: optionalString,
  /** Built widget (apps/widget/dist) served as /widget.js. */
  WIDGET_DIST_DIR: optionalString,
  /** Public chat API: messages one widget visitor may send to a bot per minute. */
  WIDGET_VISITOR_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Public chat API: messages all visitors together may send to one bot per minute. */
  WIDGET_BOT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Dashboard chat (/chat): messages one signed-in account may send per minute. */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Tests only: a PostgreSQL server on which each test file creates a fresh database. */
  TEST_DATABASE_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type RawEnv = z.infer<typeof schema>;
export type Env = RawEnv & {
  /** Absolute data directory. */
  dataDir: string;
  /** Origin used in e-mailed links and the embed snippet. */
  publicUrl: string;
  cookieSecure: boolean;
};

export function loadEnv(source: Record<string, string | undefined> = readProcessEnv()): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const raw = parsed.data;
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  return {
    ...raw,
    dataDir: path.resolve(raw.DATA_DIR),
    publicUrl,
    cookieSecure:
      raw.COOKIE_SECURE === undefined
        ? publicUrl.startsWith('https:')
        : raw.COOKIE_SECURE === 'true',
  };
}

/** process.env plus an optional .env file in the working directory (real env wins). */
function readProcessEnv(): Record<string, string | undefined> {
  const file = path.resolve('.env');
  if (existsSync(file)) process.loadEnvFile(file);
  return process.env;
}
