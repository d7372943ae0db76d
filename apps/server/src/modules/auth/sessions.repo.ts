import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface ActiveSession {
  id: string;
  user_id: string;
  refresh_jti: string;
  previous_refresh_jti: string | null;
  csrf_token: string;
  refreshed_at: Date;
}

export async function insertSession(
  db: Kysely<DB>,
  row: { user_id: string; refresh_jti: string; csrf_token: string; expires_at: Date },
): Promise<string> {
  const { id } = await db
    .insertInto('sessions')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The session if it exists, is not revoked and has not expired. */
export async function findActiveSession(
  db: Kysely<DB>,
  id: string,
): Promise<ActiveSession | undefined> {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'refresh_jti', 'previous_refresh_jti', 'csrf_token', 'refreshed_at'])
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Rotates the refresh token id only if it still holds `expectedJti` (compare-and-set). */
export async function rotateSession(
  db: Kysely<DB>,
  id: string,
  expectedJti: string,
  next: { refresh_jti: string; csrf_token: string; expires_at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ ...next, previous_refresh_jti: expectedJti, refreshed_at: new Date() })
    .where('id', '=', id)
    .where('refresh_jti', '=', expectedJti)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeSession(db: Kysely<DB>, id: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
