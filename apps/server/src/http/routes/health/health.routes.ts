import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../envelope.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => {
    await sql`SELECT 1`.execute(app.ctx.db);
    return ok('ok', { database: app.ctx.dbKind });
  });
}
