import { KNOWLEDGE_MESSAGES, planCheckBody } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingUsage, checkBotPrivilege } from '../../../modules/plans/plans.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

/**
 * plan_check/user-privilege: may this user add `bot_count` chatbots? 403 with why, if not.
 * billing/usage: the account's plan and usage for the billing page (beyond docs/spec.md §7).
 */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/plan_check/user-privilege',
    { preHandler: requireAuth, schema: { body: planCheckBody } },
    async (request) => {
      const result = await checkBotPrivilege(
        app.ctx,
        authOf(request).userId,
        request.body.bot_count,
      );
      return ok(KNOWLEDGE_MESSAGES.planOk, result);
    },
  );

  app.get('/billing/usage', { preHandler: requireAuth }, async (request) =>
    ok('', await billingUsage(app.ctx, authOf(request).userId)),
  );
};
