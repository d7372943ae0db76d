import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../envelope.ts';
import { checkReadiness } from './readiness.ts';

/** Probes are frequent: log them only when something is wrong. */
const quiet = { logLevel: 'warn' as const };

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => {
    await sql`SELECT 1`.execute(app.ctx.db);
    return ok('ok', { database: app.ctx.dbKind });
  });

  /** Liveness: the process answers. Never checks dependencies (an outage is no reason to restart). */
  app.get('/health/live', quiet, async () =>
    ok('alive', { draining: app.ctx.lifecycle.draining, uptime_s: Math.round(process.uptime()) }),
  );

  /** Readiness: this process can do its roles' work now; 503 while shutting down or degraded. */
  app.get('/health/ready', quiet, async (_request, reply) => {
    const { ready, ...state } = await checkReadiness(app.ctx);
    const message = ready ? 'ready' : state.draining ? 'shutting down' : 'not ready';
    return reply.status(ready ? 200 : 503).send({ hasError: !ready, message, response: state });
  });
}
