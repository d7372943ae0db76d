import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface WidgetBudgetRow {
  messages_per_minute: number | null;
  last_reached_at: Date | null;
}

export async function findWidgetBudget(
  db: Kysely<DB>,
  botId: string,
): Promise<WidgetBudgetRow | undefined> {
  return db
    .selectFrom('bot_widget_budgets')
    .select(['messages_per_minute', 'last_reached_at'])
    .where('bot_id', '=', botId)
    .executeTakeFirst();
}

/** Sets the owner's budget; null goes back to the server's default. */
export async function saveWidgetBudget(
  db: Kysely<DB>,
  botId: string,
  messagesPerMinute: number | null,
): Promise<void> {
  await db
    .insertInto('bot_widget_budgets')
    .values({ bot_id: botId, messages_per_minute: messagesPerMinute })
    .onConflict((oc) => oc.column('bot_id').doUpdateSet({ messages_per_minute: messagesPerMinute }))
    .execute();
}

/** Records that the budget was reached, once per window however many requests notice it. */
export async function markWidgetBudgetReached(
  db: Kysely<DB>,
  botId: string,
  windowStart: Date,
): Promise<void> {
  await db
    .insertInto('bot_widget_budgets')
    .values({ bot_id: botId, last_reached_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .column('bot_id')
        .doUpdateSet({ last_reached_at: sql`now()` })
        .where((eb) =>
          eb.or([
            eb('bot_widget_budgets.last_reached_at', 'is', null),
            eb('bot_widget_budgets.last_reached_at', '<', windowStart),
          ]),
        ),
    )
    .execute();
}
