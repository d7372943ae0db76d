import { dataRemoveBody, KNOWLEDGE_MESSAGES, trainedListBody } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { removeTrainedItem, trainedItems } from '../../../modules/sources/sources.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

/** The trained-items lists of /datasource/*-model and their delete action. */
export const sourceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/source/get-details',
    { preHandler: requireAuth, schema: { body: trainedListBody } },
    async (request) => {
      const { bot_id, source_type } = request.body;
      const items = await trainedItems(app.ctx, authOf(request).userId, bot_id, source_type);
      return ok('Trained items', items);
    },
  );
  app.post(
    '/source/data-remove',
    { preHandler: requireAuth, schema: { body: dataRemoveBody } },
    async (request) => {
      const { bot_id, title } = request.body;
      const result = await removeTrainedItem(app.ctx, authOf(request).userId, bot_id, title);
      return ok(KNOWLEDGE_MESSAGES.dataRemoved, result);
    },
  );
};
