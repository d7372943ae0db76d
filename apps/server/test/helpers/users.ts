import { randomBytes } from 'node:crypto';
import { ACCESS_COOKIE, CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from '@docent/shared';
import type { AppContext } from '../../src/app-context.ts';
import { startSession } from '../../src/modules/auth/sessions.service.ts';

export interface SignedIn {
  userId: string;
  email: string;
  /** Headers for app.inject: the session cookies plus the CSRF header. */
  headers: { cookie: string; [CSRF_HEADER]: string };
}

/**
 * Factory: a user row plus a live session, without going through the sign-up routes, so tests
 * of other areas do not depend on the account flows.
 */
export async function createSignedInUser(
  ctx: AppContext,
  fields: { email?: string; fullName?: string; plan?: string } = {},
): Promise<SignedIn> {
  const email = fields.email ?? `user-${randomBytes(5).toString('hex')}@example.com`;
  const { id } = await ctx.db
    .insertInto('users')
    .values({
      email,
      full_name: fields.fullName ?? 'Test User',
      password_hash: null,
      avatar_path: null,
      ...(fields.plan ? { plan: fields.plan } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: id, email, headers: await openSession(ctx, id) };
}

/** Another live session of the user (a second browser), as request headers. */
export async function openSession(ctx: AppContext, userId: string): Promise<SignedIn['headers']> {
  const tokens = await startSession(ctx.sessions, userId);
  const cookie = [
    `${ACCESS_COOKIE}=${tokens.accessToken}`,
    `${REFRESH_COOKIE}=${tokens.refreshToken}`,
    `${CSRF_COOKIE}=${tokens.csrf}`,
  ].join('; ');
  return { cookie, [CSRF_HEADER]: tokens.csrf };
}
