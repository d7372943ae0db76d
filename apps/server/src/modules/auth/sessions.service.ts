import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { randomToken } from '../../lib/secrets.ts';
import {
  type ActiveSession,
  findActiveSession,
  insertSession,
  revokeSession,
  revokeUserSessions,
  rotateSession,
} from './sessions.repo.ts';
import { signToken, verifyToken } from './tokens.ts';

export interface SessionConfig {
  db: Kysely<DB>;
  key: Uint8Array;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  csrf: string;
}

/** Who is calling, once the access token and its session have been checked. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  csrf: string;
}

export type AuthFailure = { ok: false; tokenType?: 'access' | 'refresh' };

async function issue(
  cfg: SessionConfig,
  userId: string,
  sessionId: string,
  jti: string,
  csrf: string,
): Promise<IssuedTokens> {
  const claims = { sub: userId, sid: sessionId, csrf };
  return {
    accessToken: await signToken(cfg.key, 'access', claims, cfg.accessTtlSeconds),
    refreshToken: await signToken(cfg.key, 'refresh', { ...claims, jti }, cfg.refreshTtlSeconds),
    csrf,
  };
}

export async function startSession(cfg: SessionConfig, userId: string): Promise<IssuedTokens> {
  const jti = randomUUID();
  const csrf = randomToken(24);
  const expires_at = new Date(Date.now() + cfg.refreshTtlSeconds * 1000);
  const sessionId = await insertSession(cfg.db, {
    user_id: userId,
    refresh_jti: jti,
    csrf_token: csrf,
    expires_at,
  });
  return issue(cfg, userId, sessionId, jti, csrf);
}

/**
 * Checks an access token and that its session is still live (revocation takes effect at once).
 * `hasRefresh` tells a browser whose access cookie is gone that a refresh can still help.
 */
export async function authenticate(
  cfg: SessionConfig,
  accessToken: string | undefined,
  hasRefresh: boolean,
): Promise<({ ok: true } & AuthContext) | AuthFailure> {
  if (!accessToken) return hasRefresh ? { ok: false, tokenType: 'access' } : { ok: false };
  const verified = await verifyToken(cfg.key, 'access', accessToken);
  if (!verified.ok) {
    return verified.reason === 'expired' ? { ok: false, tokenType: 'access' } : { ok: false };
  }
  const session = await findActiveSession(cfg.db, verified.claims.sid);
  if (!session || session.user_id !== verified.claims.sub) return { ok: false };
  return {
    ok: true,
    userId: session.user_id,
    sessionId: session.id,
    csrf: verified.claims.csrf,
  };
}

/**
 * How long the refresh id just replaced stays acceptable: two tabs share the cookies, and when
 * both refresh at the same moment the slower one presents the id the faster one just rotated.
 */
export const REFRESH_RACE_GRACE_MS = 10_000;

/**
 * Exchanges a refresh token for a new pair. The refresh id rotates each time; presenting an
 * already-used one means the token leaked, so the whole session is revoked — except for the
 * id replaced within the last REFRESH_RACE_GRACE_MS, whose holder gets the current pair.
 */
export async function refreshSession(
  cfg: SessionConfig,
  refreshToken: string | undefined,
  csrfHeader: string | undefined,
): Promise<({ ok: true } & IssuedTokens) | AuthFailure | { ok: false; csrf: true }> {
  if (!refreshToken) return { ok: false };
  const verified = await verifyToken(cfg.key, 'refresh', refreshToken);
  if (!verified.ok || !verified.claims.jti) return { ok: false, tokenType: 'refresh' };
  const { sub, sid, jti, csrf } = verified.claims;
  if (!csrfHeader || csrfHeader !== csrf) return { ok: false, csrf: true };
  const session = await findActiveSession(cfg.db, sid);
  if (!session || session.user_id !== sub) return { ok: false, tokenType: 'refresh' };
  if (session.refresh_jti !== jti) return answerStaleRefresh(cfg, session, jti);
  const nextJti = randomUUID();
  const nextCsrf = randomToken(24);
  const rotated = await rotateSession(cfg.db, sid, jti, {
    refresh_jti: nextJti,
    csrf_token: nextCsrf,
    expires_at: new Date(Date.now() + cfg.refreshTtlSeconds * 1000),
  });
  if (!rotated) {
    // A concurrent refresh with the same token rotated first.
    const current = await findActiveSession(cfg.db, sid);
    return current ? answerStaleRefresh(cfg, current, jti) : { ok: false, tokenType: 'refresh' };
  }
  return { ok: true, ...(await issue(cfg, sub, sid, nextJti, nextCsrf)) };
}

async function answerStaleRefresh(
  cfg: SessionConfig,
  session: ActiveSession,
  jti: string,
): Promise<({ ok: true } & IssuedTokens) | AuthFailure> {
  const racing =
    session.previous_refresh_jti === jti &&
    Date.now() - session.refreshed_at.getTime() < REFRESH_RACE_GRACE_MS;
  if (racing) {
    const tokens = await issue(
      cfg,
      session.user_id,
      session.id,
      session.refresh_jti,
      session.csrf_token,
    );
    return { ok: true, ...tokens };
  }
  await revokeSession(cfg.db, session.id);
  return { ok: false, tokenType: 'refresh' };
}

export const endSession = (cfg: SessionConfig, sessionId: string) =>
  revokeSession(cfg.db, sessionId);
export const endAllSessions = (cfg: SessionConfig, userId: string) =>
  revokeUserSessions(cfg.db, userId);
