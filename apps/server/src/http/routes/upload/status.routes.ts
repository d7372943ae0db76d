import { KNOWLEDGE_MESSAGES, statusBody } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/app-error.ts';
import { statusForOwner } from '../../../modules/sources/training-status.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

/**
 * upload/status: the training state and embed snippet — the HTTP twin of the realtime
 * `message`/`status_update` events, for reloads and reconnects.
 */
export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = async (userId: string, botId: string) => {
    const status = await statusForOwner(app.ctx, userId, botId);
    if (!status) throw notFound(KNOWLEDGE_MESSAGES.botNotFound);
    return ok(status.processing_complete ? 'Training completed' : 'Training in progress', status);
  };
  app.post('/upload/status', { preHandler: requireAuth, schema: { body: statusBody } }, (request) =>
    answer(authOf(request).userId, request.body.botId),
  );
  app.get(
    '/upload/status/:botId',
    { preHandler: requireAuth, schema: { params: statusBody } },
    (request) => answer(authOf(request).userId, request.params.botId),
  );
};
