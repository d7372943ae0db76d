import type { BotListResponse } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { botDetails } from '../../../modules/bots/bots.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard/chat-bot-list', { preHandler: requireAuth }, async (request) => {
    const bot_details = await botDetails(app.ctx, authOf(request).userId);
    return ok<BotListResponse>('Chatbot list', { bot_details });
  });
};
