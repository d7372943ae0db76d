import type { BillingUsageResponse, PlanCheckResponse } from '@docent/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { countBots, lockUserPlan } from '../bots/bots.repo.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { committedChars } from '../sources/sources.repo.ts';
import { type Plan, planMessages, planOf } from './plans.ts';
import { fullestBotChars, messagesSince } from './usage.repo.ts';

/** Over a plan limit: 403 with a message that says which limit and what to do. */
export const planLimit = (message: string) => new AppError(403, message);

/** Whether the user may add `botCount` more chatbots (plan_check/user-privilege). */
export async function checkBotPrivilege(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  botCount: number,
): Promise<PlanCheckResponse> {
  const user = await deps.db
    .selectFrom('users')
    .select('plan')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const plan = planOf(user.plan);
  const bots = await countBots(deps.db, userId);
  if (bots + botCount > plan.maxBots) throw planLimit(planMessages.botLimit(plan));
  return { plan: plan.name, bots, max_bots: plan.maxBots, max_chars_per_bot: plan.maxCharsPerBot };
}

/** Inside the creating transaction: locks the user so two creations cannot both squeeze in. */
export async function assertCanCreateBot(trx: Transaction<DB>, userId: string): Promise<Plan> {
  const plan = planOf(await lockUserPlan(trx, userId));
  if ((await countBots(trx, userId)) + 1 > plan.maxBots) {
    throw planLimit(planMessages.botLimit(plan));
  }
  return plan;
}

export async function planOfUser(db: Kysely<DB> | Transaction<DB>, userId: string): Promise<Plan> {
  const user = await db
    .selectFrom('users')
    .select('plan')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return planOf(user.plan);
}

/** The bot row must be locked by the caller so concurrent trainings are counted in turn. */
export async function assertCharsFit(
  trx: Transaction<DB>,
  plan: Plan,
  botId: string,
  adding: number,
): Promise<void> {
  const used = await committedChars(trx, botId);
  if (used + adding > plan.maxCharsPerBot) {
    throw planLimit(planMessages.charLimit(plan, used, adding));
  }
}

/** The account's plan and its use this calendar month (UTC), for the billing page's meters. */
export async function billingUsage(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  now = new Date(),
): Promise<BillingUsageResponse> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [plan, bots, maxBotChars, messages] = await Promise.all([
    planOfUser(deps.db, userId),
    countBots(deps.db, userId),
    fullestBotChars(deps.db, userId),
    messagesSince(deps.db, userId, monthStart),
  ]);
  return {
    plan: plan.id,
    bots,
    max_bot_chars: maxBotChars,
    messages_this_month: messages,
  };
}
