import { MEDIA_MESSAGES, youtubeBody } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  trainYoutube,
  youtubeTranscript,
} from '../../../modules/media/youtube-training.service.ts';
import { ok, parseOr400 } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

/** POST upload/youtube {url, stage}: stage 1 fetches the transcript, stage 2 trains it. */
export const youtubeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/upload/youtube', { preHandler: requireAuth }, async (request) => {
    const { userId } = authOf(request);
    const body = parseOr400(youtubeBody, request.body ?? {});
    if (body.stage === 1) {
      return ok(MEDIA_MESSAGES.transcriptReady, await youtubeTranscript(app.ctx, userId, body));
    }
    return ok('Training started', await trainYoutube(app.ctx, userId, body));
  });
};
