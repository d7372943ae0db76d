import { AUTH_MESSAGES, CSRF_HEADER, loginBody, REFRESH_COOKIE } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { login } from '../../../modules/auth/login.service.ts';
import { endSession, refreshSession } from '../../../modules/auth/sessions.service.ts';
import { ok } from '../../envelope.ts';
import { forbidden, unauthorized } from '../../errors.ts';
import { authOf, clearSessionCookies, requireAuth, setSessionCookies } from '../../plugins/auth.ts';
import { LIMITS, rateLimit } from './rate-limits.ts';

/** Log in, log out and token refresh (spec §7; refresh and logout are POST, SECURITY §5). */
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

  app.post('/logout', { preHandler: requireAuth }, async (request, reply) => {
    const { sessionId } = authOf(request);
    await endSession(ctx.sessions, sessionId);
    ctx.realtime.endSessionSockets({ sessionId });
    clearSessionCookies(reply, ctx.env);
    return ok(AUTH_MESSAGES.logoutSuccessful);
  });

  app.post('/token/refresh', async (request, reply) => {
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
    return ok(AUTH_MESSAGES.tokenRefreshed);
  });
};
