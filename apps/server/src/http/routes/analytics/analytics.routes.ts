import {
  ANALYTICS_MESSAGES,
  analyticsSummaryQuery,
  gapAnswerBody,
  gapDismissBody,
  gapsQuery,
} from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerGap,
  dismissGap,
  gapsCsv,
  knowledgeGaps,
} from '../../../modules/analytics/gaps.service.ts';
import { analyticsSummary } from '../../../modules/analytics/summary.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { sendCsv } from './csv-reply.ts';

/**
 * /chatbot-analytics and its knowledge gaps. Every route reads only the signed-in
 * account's bots: another account's bot or conversation is a 404.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const auth = { onRequest: requireAuth };

  app.get(
    '/analytics/summary',
    { ...auth, schema: { querystring: analyticsSummaryQuery } },
    async (request) => {
      const { bot_id, from, to, tz } = request.query;
      const summary = await analyticsSummary(db, {
        userId: authOf(request).userId,
        botId: bot_id,
        from,
        to,
        tz,
      });
      return ok(ANALYTICS_MESSAGES.summaryLoaded, summary);
    },
  );

  app.get('/analytics/gaps', { ...auth, schema: { querystring: gapsQuery } }, async (request) =>
    ok(
      ANALYTICS_MESSAGES.gapsLoaded,
      await knowledgeGaps(db, authOf(request).userId, request.query.bot_id),
    ),
  );

  app.get(
    '/analytics/gaps/export',
    { ...auth, schema: { querystring: gapsQuery } },
    async (request, reply) =>
      sendCsv(
        reply,
        'knowledge-gaps.csv',
        await gapsCsv(db, authOf(request).userId, request.query.bot_id),
      ),
  );

  app.post(
    '/analytics/gaps/dismiss',
    { ...auth, schema: { body: gapDismissBody } },
    async (request) => {
      await dismissGap(db, authOf(request).userId, request.body);
      return ok(ANALYTICS_MESSAGES.gapDismissed, { gap_id: request.body.gap_id });
    },
  );

  /** Add answer: trains the pair as Q&A (training progress as for any upload) and resolves. */
  app.post(
    '/analytics/gaps/answer',
    { ...auth, schema: { body: gapAnswerBody } },
    async (request) =>
      ok(
        ANALYTICS_MESSAGES.gapAnswered,
        await answerGap(app.ctx, authOf(request).userId, request.body),
      ),
  );
};
