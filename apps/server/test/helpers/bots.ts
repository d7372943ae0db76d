import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import type { BotsTable } from '../../src/db/tables/knowledge.ts';

/**
 * A bot with one empty text source, written straight to the database (nothing is trained);
 * callers fill the source through the ingestion pipeline or use the bot as it is.
 */
export async function insertBotWithTextSource(
  db: Kysely<DB>,
  bot: Insertable<BotsTable>,
): Promise<{ botId: string; sourceId: string }> {
  const { id: botId } = await db
    .insertInto('bots')
    .values(bot)
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: sourceId } = await db
    .insertInto('sources')
    .values({
      bot_id: botId,
      type: 'text',
      source_type: 3,
      origin: null,
      input: null,
      documents_total: null,
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { botId, sourceId };
}
