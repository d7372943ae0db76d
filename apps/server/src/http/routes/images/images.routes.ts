import { IMAGE_UPLOAD_LIMIT, imagesJson, MEDIA_MESSAGES, MESSAGES } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imagesText, trainImages } from '../../../modules/media/images-training.service.ts';
import { ok, parseJsonField } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { readMediaUpload } from '../documents/media-upload.ts';

/**
 * POST upload/images (multipart json_data + file0..fileN): stage 1 reads up to 10 PNG/JPEG
 * images by OCR, stage 2 trains that text.
 */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/upload/images', { preHandler: requireAuth }, async (request) => {
    const { userId } = authOf(request);
    const upload = await readMediaUpload(request, {
      isFileField: (f) => /^file\d*$/.test(f),
      maxFiles: IMAGE_UPLOAD_LIMIT,
      tooManyMessage: MESSAGES.maxImages,
    });
    const body = parseJsonField(imagesJson, upload.jsonData ?? '{}');
    if (body.stage === 1) {
      return ok(MEDIA_MESSAGES.transcriptReady, await imagesText(app.ctx, userId, upload.files));
    }
    return ok('Training started', await trainImages(app.ctx, userId, upload.files, body));
  });
};
