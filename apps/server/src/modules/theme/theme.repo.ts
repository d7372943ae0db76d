import type { ThemeColors } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface ThemeRow extends ThemeColors {
  header_logo: string | null;
}

export function findTheme(db: Kysely<DB>, botId: string): Promise<ThemeRow | undefined> {
  return db
    .selectFrom('bot_themes')
    .select([
      'header_color',
      'agent_color',
      'user_color',
      'send_icon_color',
      'chat_icon_color',
      'header_logo',
    ])
    .where('bot_id', '=', botId)
    .executeTakeFirst();
}

/** Inserts or replaces the bot's theme; returns the logo file it replaced, if any. */
export async function upsertTheme(
  db: Kysely<DB>,
  botId: string,
  theme: ThemeRow,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('bot_themes')
      .select('header_logo')
      .where('bot_id', '=', botId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('bot_themes')
      .values({ bot_id: botId, ...theme, updated_at: new Date() })
      .onConflict((oc) => oc.column('bot_id').doUpdateSet({ ...theme, updated_at: new Date() }))
      .execute();
    return before?.header_logo ?? null;
  });
}
