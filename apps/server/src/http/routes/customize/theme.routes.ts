import { themeSaveJson, WIDGET_MESSAGES } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payloadTooLarge } from '../../../lib/app-error.ts';
import { LOGO_MAX_BYTES } from '../../../modules/theme/logo-store.ts';
import { getThemeForOwner, saveThemeForOwner } from '../../../modules/theme/theme.service.ts';
import { ok, parseJsonField } from '../../envelope.ts';
import { readJsonWithFile } from '../../multipart.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

/** customize/theme-settings: the widget's colours and header logo (docs/spec.md §7 theme load/save). */
export const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/customize/theme-settings/:bot_id',
    { onRequest: requireAuth, schema: { params: z.object({ bot_id: z.string() }) } },
    async (request) => {
      const theme = await getThemeForOwner(ctx, authOf(request).userId, request.params.bot_id);
      return ok(WIDGET_MESSAGES.themeLoaded, { theme_data: theme });
    },
  );

  app.post('/customize/theme-settings', { onRequest: requireAuth }, async (request) => {
    const { jsonData, file: logo } = await readJsonWithFile(request, 'header_logo', LOGO_MAX_BYTES);
    if (logo === 'too-large') throw payloadTooLarge(WIDGET_MESSAGES.logoTooLarge);
    const body = parseJsonField(themeSaveJson, jsonData);
    const theme = await saveThemeForOwner(ctx, authOf(request).userId, {
      botId: body.bot_id,
      colors: body.themes,
      ...(logo && logo.length > 0 ? { logo } : {}),
      ...(body.remove_logo ? { removeLogo: true } : {}),
    });
    return ok(WIDGET_MESSAGES.themeSaved, { theme_data: theme });
  });
};
