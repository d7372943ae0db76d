import type { FastifyInstance } from 'fastify';
import { logoFileRoutes } from './logo-files.routes.ts';
import { publicChatRoutes } from './public-chat.routes.ts';

export async function publicRoutes(app: FastifyInstance): Promise<void> {
  await app.register(publicChatRoutes);
  await app.register(logoFileRoutes);
}
