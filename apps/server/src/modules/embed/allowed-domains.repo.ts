import { type Kysely, sql } from 'kysely';
import { KEEP_PREPARED } from '../../db/prepared-statements.ts';
import type { DB } from '../../db/schema.ts';
import { CHAT_BOT_COLUMNS, type ChatBotRow } from '../chat/conversations.repo.ts';

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

/**
 * The bot as chat reads it, with its allowed domains (sorted), the owner's widget budget (null:
 * the server's default) and its index generation, in one query: every public request reads
 * them before anything else, and a question's retrieval serves what it keeps of the bot's index
 * while the generation is the same (search/bot-index-cache.ts).
 */
export function findBotWithDomains(
  db: Kysely<DB>,
  botId: string,
): Promise<(ChatBotRow & { domains: string[]; widget_budget: number | null }) | undefined> {
  return db
    .selectFrom('bots')
    .modifyFront(sql.raw(KEEP_PREPARED))
    .select(CHAT_BOT_COLUMNS)
    .select(
      sql<string[]>`array(SELECT d.domain FROM bot_allowed_domains d
        WHERE d.bot_id = bots.id ORDER BY d.domain)`.as('domains'),
    )
    .select(
      sql<number | null>`(SELECT w.messages_per_minute FROM bot_widget_budgets w
        WHERE w.bot_id = bots.id)`.as('widget_budget'),
    )
    .select(
      sql<number | null>`(SELECT s.generation FROM search_bot_stats s
        WHERE s.bot_id = bots.id)`.as('index_generation'),
    )
    .where('id', '=', botId)
    .executeTakeFirst();
}
