import { AUTH_MESSAGES, AVATAR_MAX_BYTES, personalInfoJson } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payloadTooLarge } from '../../../lib/app-error.ts';
import { deleteAccount } from '../../../modules/users/account-deletion.service.ts';
import { getPersonalInfo, updatePersonalInfo } from '../../../modules/users/profile.service.ts';
import { ok, parseJsonField } from '../../envelope.ts';
import { readJsonWithFile } from '../../multipart.ts';
import { authOf, clearSessionCookies, requireAuth } from '../../plugins/auth.ts';

/** Profile details, the personal-info form (multipart) and account deletion. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/personal-info', { onRequest: requireAuth }, async (request) =>
    ok(AUTH_MESSAGES.profileLoaded, await getPersonalInfo(ctx, authOf(request).userId)),
  );

  app.post('/personal-info', { onRequest: requireAuth }, async (request) => {
    const { jsonData, file: avatar } = await readJsonWithFile(
      request,
      'avatar_img',
      AVATAR_MAX_BYTES,
    );
    if (avatar === 'too-large') throw payloadTooLarge(AUTH_MESSAGES.avatarTooLarge);
    const { name } = parseJsonField(personalInfoJson, jsonData);
    const info = await updatePersonalInfo(ctx, authOf(request).userId, {
      name,
      avatar: avatar && avatar.length > 0 ? avatar : undefined,
    });
    return ok(AUTH_MESSAGES.profileUpdated, info);
  });

  app.post('/delete-account', { onRequest: requireAuth }, async (request, reply) => {
    const { userId } = authOf(request);
    await deleteAccount(ctx, userId);
    ctx.realtime.endSessionSockets({ userId });
    clearSessionCookies(reply, ctx.env);
    return ok(AUTH_MESSAGES.accountDeleted);
  });
};
