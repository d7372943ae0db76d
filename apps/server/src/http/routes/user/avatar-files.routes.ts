import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/app-error.ts';
import {
  AVATAR_CONTENT_TYPES,
  type AvatarExt,
  avatarFile,
} from '../../../modules/users/avatar-store.ts';

/**
 * Serves profile pictures. Names are 128-bit random and matched against the one pattern we
 * generate, so nothing else under DATA_DIR can be reached; nosniff keeps browsers from
 * treating a file as anything but the image type we set.
 */
export const avatarFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/avatars/:name',
    { schema: { params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const { name } = request.params;
      const file = avatarFile(app.ctx.env.dataDir, name);
      if (!file) throw notFound();
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw notFound();
      const ext = name.slice(name.lastIndexOf('.') + 1) as AvatarExt;
      return reply
        .header('Content-Type', AVATAR_CONTENT_TYPES[ext])
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', info.size)
        .header('Cache-Control', 'private, max-age=86400')
        .send(createReadStream(file));
    },
  );
};
