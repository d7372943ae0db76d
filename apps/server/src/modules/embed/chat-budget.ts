import { WIDGET_MESSAGES } from '@docent/shared';
import { AppError } from '../../lib/app-error.ts';
import type { EnvOf, ServiceDeps } from '../service-deps.ts';
import { clientAddress } from './address-block.ts';
import type { PublicBot } from './public-bot.service.ts';
import { markWidgetBudgetReached } from './widget-budget.repo.ts';

const WINDOW_MS = 60_000;
/** Past its budget a bot still answers fair users, but never more than this many times it. */
const OVERDRAFT = 2;

export type ChatBudgetDeps = Pick<ServiceDeps, 'db' | 'log' | 'rateCounters'> &
  EnvOf<'WIDGET_BOT_MESSAGES_PER_MINUTE' | 'WIDGET_VISITOR_MESSAGES_PER_MINUTE'>;

/**
 * One widget message against the budgets of the minute. A visitor id is chosen by the browser
 * and an address is cheap to rotate within its block, so the per-bot budget is shared fairly:
 * - each visitor, and each client address (an IPv6 /64 counts as one), has its own small cap;
 * - while the bot is within its budget, anyone may use it;
 * - once the budget is spent, only address blocks (IPv4 /24, IPv6 /64) that used less than a
 *   fair share (the budget divided by the blocks active this minute, at least one visitor's
 *   cap) are still answered, up to OVERDRAFT times the budget; the block that spent it is not.
 * So one abuser with a few addresses cannot mute a bot for everyone else. Refused messages
 * are taken back from the shared counts, so hammering after a refusal gains nothing.
 */
export async function chargeChatMessage(
  deps: ChatBudgetDeps,
  /** The bot as the public API read it: its owner's budget (null: the server's default). */
  bot: Pick<PublicBot, 'id' | 'widget_budget'>,
  who: { visitorId: string; ip: string },
): Promise<void> {
  const { db, rateCounters } = deps;
  const perVisitor = deps.env.WIDGET_VISITOR_MESSAGES_PER_MINUTE;
  const client = clientAddress(who.ip);
  const blockKey = `blk:${bot.id}:${client.block}`;
  const botKey = `b:${bot.id}`;
  // Every turn goes through here: the four counts are one step.
  const hits = await rateCounters.widgetHits(
    {
      visitor: `v:${bot.id}:${who.visitorId}`,
      address: `ip:${bot.id}:${client.address}`,
      block: blockKey,
      bot: botKey,
    },
    { visitorCap: perVisitor, addressCap: perVisitor * 3 },
    WINDOW_MS,
  );
  if (hits.block === null || hits.bot === null) {
    throw new AppError(429, WIDGET_MESSAGES.visitorRateLimited);
  }
  const budget = bot.widget_budget ?? deps.env.WIDGET_BOT_MESSAGES_PER_MINUTE;
  const blockUsed = hits.block;
  const botUsed = hits.bot;
  sweepNowAndThen(deps);
  if (botUsed <= budget) return;

  const windowStart = new Date(Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS);
  await markWidgetBudgetReached(db, bot.id, windowStart);
  const blocks = await rateCounters.activeKeys(`blk:${bot.id}:`, WINDOW_MS);
  const fairShare = Math.max(perVisitor, Math.floor(budget / Math.max(1, blocks)));
  if (botUsed <= budget * OVERDRAFT && blockUsed <= fairShare) return;
  await rateCounters.refund(blockKey, WINDOW_MS);
  await rateCounters.refund(botKey, WINDOW_MS);
  throw new AppError(429, WIDGET_MESSAGES.botRateLimited);
}

/** Old windows are useless; a cheap sweep now and then keeps the table small. */
function sweepNowAndThen(deps: ChatBudgetDeps): void {
  if (Math.random() >= 0.02) return;
  deps.rateCounters
    .sweep(new Date(Date.now() - 10 * WINDOW_MS))
    .catch((err) => deps.log.warn({ err }, 'sweeping rate counters failed'));
}
