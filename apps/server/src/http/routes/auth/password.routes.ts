import {
  AUTH_MESSAGES,
  changePasswordBody,
  resetPasswordBody,
  validateEmailBody,
} from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
} from '../../../modules/auth/password.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth, setSessionCookies } from '../../plugins/auth.ts';
import { LIMITS, rateLimit } from './rate-limits.ts';

/** Forgot password, reset from the mailed link, and change while signed in. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The spec's client treats errorCode -1 as success; the same reply for every valid address.
  app.post(
    '/validate-email',
    { schema: { body: validateEmailBody }, config: rateLimit(LIMITS.validateEmail) },
    async (request) => {
      requestPasswordReset(ctx, request.body.email);
      return ok(AUTH_MESSAGES.resetLinkSent, undefined, { errorCode: -1 });
    },
  );

  app.post(
    '/reset-password',
    { schema: { body: resetPasswordBody }, config: rateLimit(LIMITS.resetPassword) },
    async (request) => {
      const userId = await resetPassword(ctx, request.body.user_id, request.body.password);
      ctx.realtime.endSessionSockets({ userId });
      return ok(AUTH_MESSAGES.passwordReset, undefined, { errorCode: -1 });
    },
  );

  app.post(
    '/change-password',
    {
      schema: { body: changePasswordBody },
      // Before body validation: strangers get 401/403, not feedback on their input.
      onRequest: requireAuth,
      config: rateLimit(LIMITS.changePassword),
    },
    async (request, reply) => {
      const b = request.body;
      const { userId, sessionId } = authOf(request);
      const tokens = await changePassword(ctx, userId, b.current_password, b.new_password);
      // Other browsers are locked out; this one carries on with its fresh session.
      ctx.realtime.endSessionSockets({ userId, keepSessionId: sessionId });
      setSessionCookies(reply, ctx.env, tokens);
      return ok(AUTH_MESSAGES.passwordChanged);
    },
  );
};
