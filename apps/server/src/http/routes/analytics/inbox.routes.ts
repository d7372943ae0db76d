import { ANALYTICS_MESSAGES, inboxDetailParams, inboxQuery } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inboxCsv, inboxDetail, listInbox } from '../../../modules/analytics/inbox.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { sendCsv } from './csv-reply.ts';

/**
 * The inbox: every conversation of the account's bots across channels. Another account's bot
 * or conversation is a 404.
 */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const auth = { onRequest: requireAuth };

  app.get(
    '/inbox/conversations',
    { ...auth, schema: { querystring: inboxQuery } },
    async (request) =>
      ok(
        ANALYTICS_MESSAGES.inboxLoaded,
        await listInbox(db, authOf(request).userId, request.query),
      ),
  );

  app.get(
    '/inbox/conversations/:id',
    { ...auth, schema: { params: inboxDetailParams } },
    async (request) =>
      ok(
        ANALYTICS_MESSAGES.conversationLoaded,
        await inboxDetail(db, authOf(request).userId, request.params.id),
      ),
  );

  app.get(
    '/inbox/export',
    { ...auth, schema: { querystring: inboxQuery } },
    async (request, reply) =>
      sendCsv(
        reply,
        'conversations.csv',
        await inboxCsv(db, authOf(request).userId, request.query),
      ),
  );
};
