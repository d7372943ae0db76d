import type { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.ts';

/**
 * Socket.IO's Redis adapter, which carries events between the processes of a scale-out install,
 * and its two clients. ioredis and the adapter are loaded only here, when REDIS_URL is set: an
 * embedded install never loads them.
 */
export async function connectRedisAdapter(cfg: {
  redisUrl: string;
  redisPrefix: string;
  log: Logger;
}): Promise<{ clients: Redis[]; adapter: ReturnType<typeof createAdapter> }> {
  const [{ Redis: RedisClient }, adapterModule] = await Promise.all([
    import('ioredis'),
    import('@socket.io/redis-adapter'),
  ]);
  const pub = new RedisClient(cfg.redisUrl, { lazyConnect: false });
  const sub = pub.duplicate();
  for (const c of [pub, sub]) {
    c.on('error', (err) => cfg.log.warn({ err }, 'realtime Redis error'));
    catchUnawaitedCommands(c, cfg.log);
  }
  const adapter = adapterModule.createAdapter(pub, sub, { key: `${cfg.redisPrefix}#socket.io` });
  return { clients: [pub, sub], adapter };
}

/**
 * The Redis adapter fires publish and (un)subscribe commands without awaiting them; while Redis
 * is down they fail after their retries, and an unhandled rejection would end the process. An
 * event lost during an outage is acceptable (clients ask for the current state on reconnect);
 * a crash is not.
 */
function catchUnawaitedCommands(client: Redis, log: Logger): void {
  const methods = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;
  const target = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of methods) {
    const original = target[method]!.bind(client);
    target[method] = (...args: unknown[]) => {
      const result = original(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => log.warn({ err, method }, 'realtime Redis command failed'));
      }
      return result;
    };
  }
}
