import { generalSettingsBody, KNOWLEDGE_MESSAGES } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getGeneralSettings,
  saveGeneralSettings,
} from '../../../modules/settings/settings.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

const botParams = z.object({ botId: z.string() });

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/general_settings/:botId',
    { preHandler: requireAuth, schema: { params: botParams } },
    async (request) => {
      const settings = await getGeneralSettings(
        app.ctx,
        authOf(request).userId,
        request.params.botId,
      );
      return ok('General settings', settings);
    },
  );
  app.post(
    '/settings/general_settings',
    { preHandler: requireAuth, schema: { body: generalSettingsBody } },
    async (request) => {
      const settings = await saveGeneralSettings(app.ctx, authOf(request).userId, request.body);
      return ok(KNOWLEDGE_MESSAGES.settingsSaved, settings);
    },
  );
};
