import { ACCESS_COOKIE, CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from '@docent/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env.ts';
import { forbidden, unauthorized } from '../../lib/app-error.ts';
import {
  type AuthContext,
  authenticate,
  type IssuedTokens,
} from '../../modules/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * preHandler for signed-in routes: a valid access token for a live session, and on
 * state-changing methods the CSRF value of that token echoed in `x-csrf-token`.
 */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  const result = await authenticate(
    request.server.ctx.sessions,
    request.cookies[ACCESS_COOKIE],
    Boolean(request.cookies[REFRESH_COOKIE]),
  );
  if (!result.ok) throw unauthorized('Authentication required', result.tokenType);
  if (UNSAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] !== result.csrf) {
    throw forbidden('Missing or invalid CSRF token');
  }
  request.auth = { userId: result.userId, sessionId: result.sessionId, csrf: result.csrf };
}

/**
 * After requireAuth, on routes that change state even when called with GET (the spec's logout):
 * the CSRF header is required whatever the method.
 */
export async function requireCsrfHeader(request: FastifyRequest): Promise<void> {
  if (request.headers[CSRF_HEADER] !== authOf(request).csrf) {
    throw forbidden('Missing or invalid CSRF token');
  }
}

/** The caller of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Authentication required');
  return request.auth;
}

/** Sets the three cookies the way flask-jwt-extended does, plus the x-csrf-token header. */
export function setSessionCookies(reply: FastifyReply, env: Env, tokens: IssuedTokens): void {
  // The access cookie outlives its token so an expired token can be told from a missing one.
  const maxAge = env.REFRESH_TOKEN_TTL_SECONDS;
  const base = { path: '/', sameSite: 'lax' as const, secure: env.cookieSecure, maxAge };
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, httpOnly: true });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, tokens.csrf, { ...base, httpOnly: false });
  reply.header(CSRF_HEADER, tokens.csrf);
}

export function clearSessionCookies(reply: FastifyReply, env: Env): void {
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE, CSRF_COOKIE]) {
    reply.clearCookie(name, { path: '/', secure: env.cookieSecure, sameSite: 'lax' });
  }
}
