import type { FastifyInstance } from 'fastify';
import { contactRoutes } from './contact.routes.ts';
import { passwordRoutes } from './password.routes.ts';
import { profileRoutes } from './profile.routes.ts';
import { registrationRoutes } from './registration.routes.ts';
import { sessionRoutes } from './session.routes.ts';

/** Every /api/auth call of docs/spec.md §7. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    sessionRoutes,
    registrationRoutes,
    passwordRoutes,
    profileRoutes,
    contactRoutes,
  ]) {
    await app.register(routes, { prefix: '/auth' });
  }
}
