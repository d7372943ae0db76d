import { AUTH_MESSAGES, contactFormBody } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { submitContact } from '../../../modules/auth/contact.service.ts';
import { ok } from '../../envelope.ts';
import { LIMITS, rateLimit } from './rate-limits.ts';

/** The landing page's contact popup (public). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact_form',
    { schema: { body: contactFormBody }, config: rateLimit(LIMITS.contactForm) },
    async (request) => {
      await submitContact(app.ctx, request.body);
      return ok(AUTH_MESSAGES.contactReceived);
    },
  );
};
