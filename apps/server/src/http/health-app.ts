import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { healthRoutes } from './routes/health/health.routes.ts';

/**
 * A worker-only process serves no API, but its orchestrator still needs liveness and readiness
 * probes: this app answers just those, on the same paths as an API process.
 */
export async function buildHealthApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: ctx.log as FastifyBaseLogger });
  app.decorate('ctx', ctx);
  await app.register(healthRoutes, { prefix: '/api' });
  return app;
}
