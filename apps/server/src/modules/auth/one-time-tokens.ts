import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { randomToken } from '../../lib/secrets.ts';
import {
  consumeToken,
  deleteStaleTokens,
  findUsableToken,
  insertOneTimeToken,
  type OneTimeTokenRow,
  retireTokensFor,
  type TokenPurpose,
} from './one-time-tokens.repo.ts';

/** How long a mailed link stays valid (docs/security.md §1). */
export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  signup: 7 * 24 * 3600,
  reset: 60 * 60,
};

/** 32 random bytes, base64url: exactly this shape; anything else (a user id…) is refused early. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Only the SHA-256 is stored, so a database leak yields no usable links. */
export const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** Creates a single-use token for a mailed link and returns the raw value (never stored). */
export async function issueToken(
  db: Kysely<DB>,
  purpose: TokenPurpose,
  email: string,
  userId: string | null,
): Promise<string> {
  await deleteStaleTokens(db);
  const raw = randomToken(32);
  await insertOneTimeToken(db, {
    token_hash: hashToken(raw),
    purpose,
    email,
    user_id: userId,
    expires_at: new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000),
  });
  return raw;
}

/** The token's data if it is still usable; does not use it up. */
export function peekToken(
  db: Kysely<DB>,
  purpose: TokenPurpose,
  raw: string,
): Promise<OneTimeTokenRow | undefined> {
  if (!TOKEN_SHAPE.test(raw)) return Promise.resolve(undefined);
  return findUsableToken(db, hashToken(raw), purpose);
}

/** Uses the token up; undefined when it is unknown, expired or already used. */
export function useToken(
  db: Kysely<DB>,
  purpose: TokenPurpose,
  raw: string,
): Promise<OneTimeTokenRow | undefined> {
  if (!TOKEN_SHAPE.test(raw)) return Promise.resolve(undefined);
  return consumeToken(db, hashToken(raw), purpose);
}

export const retireTokens = retireTokensFor;
