import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface UserRow {
  id: string;
  email: string;
  full_name: string;
  password_hash: string | null;
  avatar_path: string | null;
  email_notifications: boolean;
}

const COLUMNS = [
  'id',
  'email',
  'full_name',
  'password_hash',
  'avatar_path',
  'email_notifications',
] as const;

/** Case-insensitive, matching the unique index on lower(email). */
export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Inserts an account; undefined when the e-mail is already taken (also under a race). */
export async function insertUser(
  db: Kysely<DB>,
  row: { email: string; full_name: string; password_hash: string; plan?: string },
): Promise<string | undefined> {
  const inserted = await db
    .insertInto('users')
    .values({ ...row, avatar_path: null })
    // The only unique keys are the generated id and lower(email).
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function updateUser(
  db: Kysely<DB>,
  id: string,
  fields: Partial<{
    full_name: string;
    password_hash: string;
    avatar_path: string | null;
    email_notifications: boolean;
  }>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the account; foreign keys cascade to sessions, tokens, bots and all they own. */
export async function deleteUser(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function listBotIds(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('bots').select('id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.id);
}
