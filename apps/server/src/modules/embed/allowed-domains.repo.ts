import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function listAllowedDomains(db: Kysely<DB>, botId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('bot_allowed_domains')
    .select('domain')
    .where('bot_id', '=', botId)
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain);
}

export async function replaceAllowedDomains(
  db: Kysely<DB>,
  botId: string,
  domains: string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bot_allowed_domains').where('bot_id', '=', botId).execute();
    if (domains.length > 0) {
      await trx
        .insertInto('bot_allowed_domains')
        .values(domains.map((domain) => ({ bot_id: botId, domain })))
        .execute();
    }
  });
}
