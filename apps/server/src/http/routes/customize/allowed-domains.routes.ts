import { allowedDomainsBody, WIDGET_MESSAGES } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../../lib/app-error.ts';
import {
  allowedDomainsForOwner,
  saveAllowedDomainsForOwner,
} from '../../../modules/embed/public-bot.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

/** The sites on which a bot's widget may chat (edited in /chatbot-settings; empty = any). */
export const allowedDomainsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const load = async (userId: string, botId: string | undefined) => {
    if (!botId) throw badRequest('Please select a chatbot');
    return ok(WIDGET_MESSAGES.domainsLoaded, await allowedDomainsForOwner(ctx, userId, botId));
  };

  app.get(
    '/settings/allowed-domains',
    {
      onRequest: requireAuth,
      schema: { querystring: z.object({ bot_id: z.string().optional() }) },
    },
    (request) => load(authOf(request).userId, request.query.bot_id),
  );
  app.get(
    '/settings/allowed-domains/:bot_id',
    { onRequest: requireAuth, schema: { params: z.object({ bot_id: z.string() }) } },
    (request) => load(authOf(request).userId, request.params.bot_id),
  );
  app.post(
    '/settings/allowed-domains',
    { onRequest: requireAuth, schema: { body: allowedDomainsBody } },
    async (request) => {
      const { bot_id, domains } = request.body;
      const saved = await saveAllowedDomainsForOwner(ctx, authOf(request).userId, bot_id, domains);
      return ok(WIDGET_MESSAGES.domainsSaved, saved);
    },
  );
};
