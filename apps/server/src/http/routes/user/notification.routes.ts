import { AUTH_MESSAGES, notificationSettingsBody } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getNotificationSettings,
  setNotificationSettings,
} from '../../../modules/users/profile.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

/** The /notification page's e-mail switch (default on). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/user/notification-settings', { onRequest: requireAuth }, async (request) =>
    ok(
      AUTH_MESSAGES.notificationsLoaded,
      await getNotificationSettings(ctx, authOf(request).userId),
    ),
  );

  app.post(
    '/user/notification-settings',
    { onRequest: requireAuth, schema: { body: notificationSettingsBody } },
    async (request) =>
      ok(
        AUTH_MESSAGES.notificationsSaved,
        await setNotificationSettings(ctx, authOf(request).userId, request.body),
      ),
  );
};
