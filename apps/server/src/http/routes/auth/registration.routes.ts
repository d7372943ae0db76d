import {
  AUTH_MESSAGES,
  completeRegistrationBody,
  fetchEmailBody,
  isSignupVariant,
  MESSAGES,
  registerBody,
} from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createAccount,
  invitationEmail,
  requestInvitation,
} from '../../../modules/auth/registration.service.ts';
import { ok } from '../../envelope.ts';
import { LIMITS, rateLimit } from './rate-limits.ts';

/** Hero invitation, the link's e-mail lookup, and account creation (docs/spec.md §7). */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/register',
    { schema: { body: registerBody }, config: rateLimit(LIMITS.register) },
    async (request) => {
      const b = request.body;
      if (!isSignupVariant(b)) {
        requestInvitation(ctx, b.email);
        return ok(AUTH_MESSAGES.invitationSent);
      }
      await createAccount(ctx, {
        email: b.email,
        fullname: (b.fullname ?? '').trim(),
        password: b.password ?? '',
      });
      return ok(MESSAGES.registrationSuccessful);
    },
  );

  app.post(
    '/fetch-email',
    { schema: { body: fetchEmailBody }, config: rateLimit(LIMITS.fetchEmail) },
    async (request) => {
      const email = await invitationEmail(ctx, request.body.user_id);
      return ok('Email fetched successfully', { email });
    },
  );

  app.post(
    '/complete-registration',
    {
      schema: { body: completeRegistrationBody },
      config: rateLimit(LIMITS.completeRegistration),
    },
    async (request) => {
      const b = request.body;
      await createAccount(ctx, {
        email: b.email,
        fullname: b.fullname,
        password: b.password,
        token: b.user_id,
      });
      return ok(MESSAGES.registrationSuccessful);
    },
  );
};
