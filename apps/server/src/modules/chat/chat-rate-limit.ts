import { CHAT_MESSAGES } from '@docent/shared';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { countHit } from '../embed/rate-counter.repo.ts';

const WINDOW_MS = 60_000;

/**
 * One dashboard chat message against its account's budget per minute. Every message may call
 * the configured model, so a leaked session or a runaway script is bounded in cost; counted
 * in the database so all API processes share the budget, as the widget's budgets are.
 */
export async function chargeOwnerChatMessage(ctx: AppContext, userId: string): Promise<void> {
  const hits = await countHit(ctx.db, `owner:${userId}`, WINDOW_MS);
  if (hits > ctx.env.CHAT_MESSAGES_PER_MINUTE) throw new AppError(429, CHAT_MESSAGES.rateLimited);
}
