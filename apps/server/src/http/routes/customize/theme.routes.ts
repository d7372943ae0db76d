import { themeSaveJson, WIDGET_MESSAGES } from '@docent/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGO_MAX_BYTES } from '../../../modules/theme/logo-store.ts';
import { getThemeForOwner, saveThemeForOwner } from '../../../modules/theme/theme.service.ts';
import { ok, parseJsonField } from '../../envelope.ts';
import { payloadTooLarge, unsupportedMediaType } from '../../errors.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

async function readCapped(part: MultipartFile, max: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  }
  return size > max || part.file.truncated ? 'too-large' : Buffer.concat(chunks);
}

/** customize/theme-settings: the widget's colours and header logo (spec §7 theme load/save). */
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
    if (!request.isMultipart()) throw unsupportedMediaType('Expected multipart/form-data');
    let jsonData: unknown;
    let logo: Buffer | 'too-large' | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'json_data') jsonData = part.value;
      } else if (part.fieldname === 'header_logo' && logo === undefined) {
        logo = await readCapped(part, LOGO_MAX_BYTES);
      } else {
        part.file.resume();
      }
    }
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
