import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenKind = 'access' | 'refresh';

export interface TokenClaims {
  /** User id. */
  sub: string;
  /** Session id: revoking the session invalidates every token naming it. */
  sid: string;
  /** The session's CSRF value; the client echoes it in x-csrf-token. */
  csrf: string;
  /** Refresh tokens only: rotated on every refresh so a replayed one is detected. */
  jti?: string;
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

const ISSUER = 'docent';

export async function signToken(
  key: Uint8Array,
  kind: TokenKind,
  claims: TokenClaims,
  ttlSeconds: number,
): Promise<string> {
  const jwt = new SignJWT({ sid: claims.sid, csrf: claims.csrf, typ: kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds);
  if (claims.jti) jwt.setJti(claims.jti);
  return jwt.sign(key);
}

export async function verifyToken(
  key: Uint8Array,
  kind: TokenKind,
  token: string,
): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    if (
      payload.typ !== kind ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.csrf !== 'string'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      claims: {
        sub: payload.sub,
        sid: payload.sid,
        csrf: payload.csrf,
        ...(payload.jti ? { jti: payload.jti } : {}),
      },
    };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
