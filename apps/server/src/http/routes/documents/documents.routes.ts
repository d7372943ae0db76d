import { documentsJson, MEDIA_MESSAGES } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pdfTranscript, trainPdf } from '../../../modules/media/pdf-training.service.ts';
import { ok, parseJsonField } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { readMediaUpload } from './media-upload.ts';

/**
 * POST upload/documents (multipart json_data + file): stage 1 extracts the PDF's text,
 * stage 2 trains it. The file's type is decided by its content (an HTML file named .pdf → 415).
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/upload/documents', { preHandler: requireAuth }, async (request) => {
    const { userId } = authOf(request);
    const upload = await readMediaUpload(request, {
      isFileField: (f) => f === 'file',
      maxFiles: 1,
    });
    const body = parseJsonField(documentsJson, upload.jsonData ?? '{}');
    const file = upload.files[0] ?? null;
    if (body.stage === 1) {
      const response = await pdfTranscript(app.ctx, userId, file, body.bot_id);
      return ok(MEDIA_MESSAGES.transcriptReady, response);
    }
    return ok('Training started', await trainPdf(app.ctx, userId, file, body));
  });
};
