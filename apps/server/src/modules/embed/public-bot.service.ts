import { greetingFor, type PublicBotConfig, WIDGET_MESSAGES } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { findOwnedBot, isUuid } from '../bots/bots.repo.ts';
import { findChatBot } from '../chat/conversations.repo.ts';
import { themeOf } from '../theme/theme.service.ts';
import { listAllowedDomains, replaceAllowedDomains } from './allowed-domains.repo.ts';
import { countHit, deleteCountersBefore } from './rate-counter.repo.ts';

export interface PublicBot {
  id: string;
  name: string;
  agent_name: string;
  business_name: string;
  domains: string[];
}

/** A bot as the public API sees it; unknown or malformed ids are 404. */
export async function findPublicBot(db: Kysely<DB>, botId: string): Promise<PublicBot> {
  const bot = isUuid(botId) ? await findChatBot(db, botId) : undefined;
  if (!bot) throw notFound(WIDGET_MESSAGES.botNotFound);
  return {
    id: bot.id,
    name: bot.name,
    agent_name: bot.agent_name,
    business_name: bot.business_name,
    domains: await listAllowedDomains(db, bot.id),
  };
}

export async function publicConfig(db: Kysely<DB>, bot: PublicBot): Promise<PublicBotConfig> {
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
    theme: await themeOf({ db }, bot.id),
  };
}

export async function allowedDomainsForOwner(ctx: AppContext, userId: string, botId: string) {
  const bot = await findOwnedBot(ctx.db, userId, botId);
  if (!bot) throw notFound(WIDGET_MESSAGES.botNotFound);
  return { bot_id: bot.id, domains: await listAllowedDomains(ctx.db, bot.id) };
}

export async function saveAllowedDomainsForOwner(
  ctx: AppContext,
  userId: string,
  botId: string,
  domains: string[],
) {
  const bot = await findOwnedBot(ctx.db, userId, botId);
  if (!bot) throw notFound(WIDGET_MESSAGES.botNotFound);
  await replaceAllowedDomains(ctx.db, bot.id, domains);
  return { bot_id: bot.id, domains: await listAllowedDomains(ctx.db, bot.id) };
}

const WINDOW_MS = 60_000;

/**
 * One chat message against the per-visitor, per-IP and per-bot budgets (per minute). The
 * visitor id is chosen by the browser, so the IP and bot budgets bound a script that rotates it.
 */
export async function chargeChatMessage(
  ctx: AppContext,
  who: { botId: string; visitorId: string; ip: string },
): Promise<void> {
  const perVisitor = ctx.env.WIDGET_VISITOR_MESSAGES_PER_MINUTE;
  const perBot = ctx.env.WIDGET_BOT_MESSAGES_PER_MINUTE;
  if ((await countHit(ctx.db, `v:${who.botId}:${who.visitorId}`, WINDOW_MS)) > perVisitor) {
    throw new AppError(429, WIDGET_MESSAGES.visitorRateLimited);
  }
  if ((await countHit(ctx.db, `ip:${who.botId}:${who.ip}`, WINDOW_MS)) > perVisitor * 3) {
    throw new AppError(429, WIDGET_MESSAGES.visitorRateLimited);
  }
  if ((await countHit(ctx.db, `b:${who.botId}`, WINDOW_MS)) > perBot) {
    throw new AppError(429, WIDGET_MESSAGES.botRateLimited);
  }
  // Old windows are useless; a cheap sweep now and then keeps the table small.
  if (Math.random() < 0.02) {
    await deleteCountersBefore(ctx.db, new Date(Date.now() - 10 * WINDOW_MS)).catch((err) =>
      ctx.log.warn({ err }, 'sweeping rate counters failed'),
    );
  }
}
