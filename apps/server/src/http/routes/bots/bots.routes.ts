import { botIdBody, KNOWLEDGE_MESSAGES } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countBots } from '../../../modules/bots/bots.repo.ts';
import { removeBot } from '../../../modules/bots/bots.service.ts';
import { markSnippetCopied } from '../../../modules/embed/embed-tick.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

export const botsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/delete_bot',
    { preHandler: requireAuth, schema: { body: botIdBody } },
    async (request) => {
      const { userId } = authOf(request);
      await removeBot(app.ctx, userId, request.body.bot_id);
      return ok(KNOWLEDGE_MESSAGES.botDeleted, { botCount: await countBots(app.ctx.db, userId) });
    },
  );

  /** The owner copied the embed snippet: ticks the quick-start step (beyond docs/spec.md §7). */
  app.post(
    '/quick_start/snippet-copied',
    { preHandler: requireAuth, schema: { body: botIdBody } },
    async (request) => {
      await markSnippetCopied(app.ctx, authOf(request).userId, request.body.bot_id);
      return ok('');
    },
  );
};
