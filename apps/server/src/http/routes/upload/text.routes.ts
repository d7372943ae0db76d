import { textTrainingBody } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trainTexts } from '../../../modules/sources/content-training.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

/** Large pasted or imported texts; the plan's character limit is the real bound. */
export const TEXT_BODY_LIMIT = 32 * 1024 * 1024;

export const textUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upload/text',
    { preHandler: requireAuth, bodyLimit: TEXT_BODY_LIMIT, schema: { body: textTrainingBody } },
    async (request) => {
      const { userId } = authOf(request);
      const response = await trainTexts(app.ctx, userId, request.body);
      return ok('Training started', response);
    },
  );
};
