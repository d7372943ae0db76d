import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/health.routes.ts';

/** Every API area, mounted under /api. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}
