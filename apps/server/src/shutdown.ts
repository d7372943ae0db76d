import type { FastifyInstance } from 'fastify';
import type { Runtime } from './bootstrap.ts';
import type { Logger } from './lib/logger.ts';

/**
 * Graceful SIGTERM/SIGINT: readiness turns 503 at once (the load balancer stops sending work),
 * the job worker stops taking jobs and hands the running ones back at their next checkpoint,
 * sockets are closed (clients reconnect to another process), in-flight HTTP requests finish,
 * then connections close. Past the grace period the process exits anyway; anything unfinished
 * is picked up elsewhere (jobs are idempotent and leased). A second signal exits at once.
 */
export function onTerminate(opts: {
  runtime: Runtime;
  app: FastifyInstance;
  log: Logger;
  graceSeconds: number;
}): void {
  const { runtime, app, log } = opts;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    runtime.ctx.lifecycle.drain();
    log.info({ signal, graceSeconds: opts.graceSeconds }, 'shutting down');
    const deadline = setTimeout(() => {
      log.warn('shutdown grace period over: exiting with work unfinished (it resumes elsewhere)');
      process.exit(1);
    }, opts.graceSeconds * 1000);
    deadline.unref();
    try {
      await runtime.ctx.realtime.close(); // open sockets would hold the HTTP server open
      await app.close(); // stops accepting; answers in flight finish
      await runtime.close(); // jobs handed back, then Redis and the database
      log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
