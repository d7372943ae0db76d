import { WIDGET_MESSAGES, type WidgetBudgetResponse } from '@docent/shared';
import { notFound } from '../../lib/app-error.ts';
import { findOwnedBot } from '../bots/bots.repo.ts';
import type { EnvOf, ServiceDeps } from '../service-deps.ts';
import { findWidgetBudget, saveWidgetBudget } from './widget-budget.repo.ts';

type Deps = Pick<ServiceDeps, 'db'> & EnvOf<'WIDGET_BOT_MESSAGES_PER_MINUTE'>;

/** The bot's widget budget as its owner sees it in /chatbot-settings. */
export async function widgetBudgetForOwner(
  deps: Deps,
  userId: string,
  botId: string,
): Promise<WidgetBudgetResponse> {
  const bot = await findOwnedBot(deps.db, userId, botId);
  if (!bot) throw notFound(WIDGET_MESSAGES.botNotFound);
  const row = await findWidgetBudget(deps.db, bot.id);
  const fallback = deps.env.WIDGET_BOT_MESSAGES_PER_MINUTE;
  const custom = row?.messages_per_minute ?? null;
  return {
    bot_id: bot.id,
    messages_per_minute: custom ?? fallback,
    default_messages_per_minute: fallback,
    custom: custom !== null,
    last_reached_at: row?.last_reached_at ? new Date(row.last_reached_at).toISOString() : null,
  };
}

export async function saveWidgetBudgetForOwner(
  deps: Deps,
  userId: string,
  botId: string,
  messagesPerMinute: number | null,
): Promise<WidgetBudgetResponse> {
  const bot = await findOwnedBot(deps.db, userId, botId);
  if (!bot) throw notFound(WIDGET_MESSAGES.botNotFound);
  await saveWidgetBudget(deps.db, bot.id, messagesPerMinute);
  return widgetBudgetForOwner(deps, userId, bot.id);
}
