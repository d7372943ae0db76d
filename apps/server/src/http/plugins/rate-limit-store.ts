import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/**
 * Per-route limits only (routes opt in). With REDIS_URL the counts live in Redis, so every API
 * process shares them: in memory, N processes would let a password guesser try N times as
 * often. When Redis is unreachable requests are let through (and logged by the client's error
 * handler) rather than refused: the sign-in pages stay usable through a Redis outage.
 */
export async function rateLimitOptions(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<RateLimitPluginOptions> {
  const url = ctx.env.REDIS_URL;
  if (!url) return { global: false };
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
  redis.on('error', (err) => ctx.log.warn({ err }, 'rate-limit Redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return {
    global: false,
    redis,
    nameSpace: `${ctx.env.REDIS_PREFIX}:rate-limit:`,
    skipOnError: true,
  };
}
