import type { FastifyInstance } from 'fastify';
import { avatarFileRoutes } from './avatar-files.routes.ts';
import { notificationRoutes } from './notification.routes.ts';

/** Signed-in user settings and the files served for them. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  await app.register(notificationRoutes);
  await app.register(avatarFileRoutes);
}
