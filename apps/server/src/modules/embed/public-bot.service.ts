import { greetingFor, type PublicBotConfig, WIDGET_MESSAGES } from '@docent/shared';
import { notFound } from '../../lib/app-error.ts';
import { findOwnedBot, isUuid } from '../bots/bots.repo.ts';
import type { ChatBotRow } from '../chat/conversations.repo.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { themeOf } from '../theme/theme.service.ts';
import {
  findBotWithDomains,
  listAllowedDomains,
  replaceAllowedDomains,
} from './allowed-domains.repo.ts';

/**
 * A bot as the public API sees it: the row chat answers with, its allowed domains and the
 * owner's messages per minute for the widget (null: the server's default).
 */
export interface PublicBot extends ChatBotRow {
  domains: string[];
  widget_budget: number | null;
}

/** A bot as the public API sees it; unknown or malformed ids are 404. */
export async function findPublicBot(
  deps: Pick<ServiceDeps, 'db'>,
  botId: string,
): Promise<PublicBot> {
  const bot = isUuid(botId) ? await findBotWithDomains(deps.db, botId) : undefined;
  if (!bot) throw notFound(WIDGET_MESSAGES.botNotFound);
  return bot;
}

export async function publicConfig(
  deps: Pick<ServiceDeps, 'db'>,
  bot: PublicBot,
): Promise<PublicBotConfig> {
  const names = {
    bot_name: bot.name,
    agent_name: bot.agent_name,
    business_name: bot.business_name,
  };
  return {
    bot_id: bot.id,
    bot_name: bot.name,
    agent_name: bot.agent_name,
    greeting: greetingFor(names),
    theme: await themeOf(deps, bot.id),
  };
}

export async function allowedDomainsForOwner(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  botId: string,
) {
  const bot = await findOwnedBot(deps.db, userId, botId);
  if (!bot) throw notFound(WIDGET_MESSAGES.botNotFound);
  return { bot_id: bot.id, domains: await listAllowedDomains(deps.db, bot.id) };
}

export async function saveAllowedDomainsForOwner(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  botId: string,
  domains: string[],
) {
  const bot = await findOwnedBot(deps.db, userId, botId);
  if (!bot) throw notFound(WIDGET_MESSAGES.botNotFound);
  await replaceAllowedDomains(deps.db, bot.id, domains);
  return { bot_id: bot.id, domains: await listAllowedDomains(deps.db, bot.id) };
}
