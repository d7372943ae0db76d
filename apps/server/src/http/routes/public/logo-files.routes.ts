import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/app-error.ts';
import { isUuid } from '../../../modules/bots/bots.repo.ts';
import { LOGO_CONTENT_TYPES, type LogoExt, logoFile } from '../../../modules/theme/logo-store.ts';

/**
 * Header logos, public (the widget shows them on any site). Names are random and matched
 * against the one pattern we generate; a new logo gets a new name, so caching is permanent.
 */
export const logoFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/bots/:botId/logo/:name',
    { schema: { params: z.object({ botId: z.string(), name: z.string() }) } },
    async (request, reply) => {
      const { botId, name } = request.params;
      const file = isUuid(botId) ? logoFile(app.ctx.env.dataDir, botId, name) : undefined;
      if (!file) throw notFound();
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw notFound();
      const ext = name.slice(name.lastIndexOf('.') + 1) as LogoExt;
      return reply
        .header('Content-Type', LOGO_CONTENT_TYPES[ext])
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('Content-Length', info.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file));
    },
  );
};
