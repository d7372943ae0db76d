import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type TokenPurpose = 'signup' | 'reset';

export interface OneTimeTokenRow {
  email: string;
  user_id: string | null;
}

export async function insertOneTimeToken(
  db: Kysely<DB>,
  row: {
    token_hash: string;
    purpose: TokenPurpose;
    email: string;
    user_id: string | null;
    expires_at: Date;
  },
): Promise<void> {
  await db.insertInto('one_time_tokens').values(row).execute();
}

/** A token that is unused and unexpired, without using it. */
export async function findUsableToken(
  db: Kysely<DB>,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<OneTimeTokenRow | undefined> {
  return db
    .selectFrom('one_time_tokens')
    .select(['email', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/**
 * Marks the token used if it still is usable and returns it; a single UPDATE, so two requests
 * racing with one token cannot both succeed.
 */
export async function consumeToken(
  db: Kysely<DB>,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<OneTimeTokenRow | undefined> {
  return db
    .updateTable('one_time_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['email', 'user_id'])
    .executeTakeFirst();
}

/** Uses up every other open token of that kind for the address (one live link at a time). */
export async function retireTokensFor(
  db: Kysely<DB>,
  purpose: TokenPurpose,
  email: string,
): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: new Date() })
    .where('purpose', '=', purpose)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('used_at', 'is', null)
    .execute();
}

/** Expired and used tokens serve no purpose; dropped whenever new ones are issued. */
export async function deleteStaleTokens(db: Kysely<DB>): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
  await db
    .deleteFrom('one_time_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('used_at', '<', dayAgo)]))
    .execute();
}
