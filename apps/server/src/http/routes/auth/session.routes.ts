import { AUTH_MESSAGES, CSRF_HEADER, loginBody, REFRESH_COOKIE } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, unauthorized } from '../../../lib/app-error.ts';
import { login } from '../../../modules/auth/login.service.ts';
import { endSession, refreshSession } from '../../../modules/auth/sessions.service.ts';
import { ok } from '../../envelope.ts';
import {
  authOf,
  clearSessionCookies,
  requireAuth,
  requireCsrfHeader,
  setSessionCookies,
} from '../../plugins/auth.ts';
import { LIMITS, rateLimit } from './rate-limits.ts';

/** Log in, log out and token refresh (docs/spec.md §7; refresh and logout need the CSRF header, docs/security.md §5). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/login',
    { schema: { body: loginBody }, config: rateLimit(LIMITS.login) },
    async (request, reply) => {
      const { tokens, response } = await login(ctx, request.body.email, request.body.password);
      setSessionCookies(reply, ctx.env, tokens);
      return ok(AUTH_MESSAGES.loginSuccessful, response);
    },
  );

  // GET is the spec client's method; the CSRF header is required on both, so a cross-site link
  // or image cannot log anyone out.
  app.route({
    method: ['GET', 'POST'],
    url: '/logout',
    preHandler: [requireAuth, requireCsrfHeader],
    handler: async (request, reply) => {
      const { sessionId } = authOf(request);
      await endSession(ctx.sessions, sessionId);
      ctx.realtime.endSessionSockets({ sessionId });
      clearSessionCookies(reply, ctx.env);
      return reply.header('Cache-Control', 'no-store').send(ok(AUTH_MESSAGES.logoutSuccessful));
    },
  });

  // Same for refresh: refreshSession itself checks the CSRF header, whatever the method.
  app.route({
    method: ['GET', 'POST'],
    url: '/token/refresh',
    handler: async (request, reply) => {
      const csrf = request.headers[CSRF_HEADER];
      const result = await refreshSession(
        ctx.sessions,
        request.cookies[REFRESH_COOKIE],
        typeof csrf === 'string' ? csrf : undefined,
      );
      if (!result.ok) {
        if ('csrf' in result) throw forbidden('Missing or invalid CSRF token');
        clearSessionCookies(reply, ctx.env);
        throw unauthorized('Authentication required', result.tokenType);
      }
      setSessionCookies(reply, ctx.env, result);
      return reply.header('Cache-Control', 'no-store').send(ok(AUTH_MESSAGES.tokenRefreshed));
    },
  });
};
