import { AUTH_MESSAGES, AVATAR_MAX_BYTES, personalInfoJson } from '@docent/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccount } from '../../../modules/users/account-deletion.service.ts';
import { getPersonalInfo, updatePersonalInfo } from '../../../modules/users/profile.service.ts';
import { ok, parseJsonField } from '../../envelope.ts';
import { payloadTooLarge, unsupportedMediaType } from '../../errors.ts';
import { authOf, clearSessionCookies, requireAuth } from '../../plugins/auth.ts';

/** Reads an uploaded file up to `max` bytes; beyond that the rest is drained and dropped. */
async function readCapped(part: MultipartFile, max: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  }
  return size > max || part.file.truncated ? 'too-large' : Buffer.concat(chunks);
}

/** Profile details, the personal-info form (multipart) and account deletion. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/personal-info', { onRequest: requireAuth }, async (request) =>
    ok(AUTH_MESSAGES.profileLoaded, await getPersonalInfo(ctx.db, authOf(request).userId)),
  );

  app.post('/personal-info', { onRequest: requireAuth }, async (request) => {
    if (!request.isMultipart()) throw unsupportedMediaType('Expected multipart/form-data');
    let jsonData: unknown;
    let avatar: Buffer | 'too-large' | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'json_data') jsonData = part.value;
      } else if (part.fieldname === 'avatar_img' && avatar === undefined) {
        avatar = await readCapped(part, AVATAR_MAX_BYTES);
      } else {
        part.file.resume(); // files under other names are ignored
      }
    }
    if (avatar === 'too-large') throw payloadTooLarge(AUTH_MESSAGES.avatarTooLarge);
    const { name } = parseJsonField(personalInfoJson, jsonData);
    const info = await updatePersonalInfo(
      { db: ctx.db, dataDir: ctx.env.dataDir },
      authOf(request).userId,
      { name, avatar: avatar && avatar.length > 0 ? avatar : undefined },
    );
    return ok(AUTH_MESSAGES.profileUpdated, info);
  });

  app.post('/delete-account', { onRequest: requireAuth }, async (request, reply) => {
    await deleteAccount(
      { db: ctx.db, dataDir: ctx.env.dataDir, log: ctx.log },
      authOf(request).userId,
    );
    clearSessionCookies(reply, ctx.env);
    return ok(AUTH_MESSAGES.accountDeleted);
  });
};
