import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ContactFields } from './auth-mails.ts';

export async function insertContactMessage(db: Kysely<DB>, row: ContactFields): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}
