import { CHAT_MESSAGES } from '@docent/shared';
import { AppError } from '../../lib/app-error.ts';
import type { EnvOf, ServiceDeps } from '../service-deps.ts';

const WINDOW_MS = 60_000;

/**
 * One dashboard chat message against its account's budget per minute. Every message may call
 * the configured model, so a leaked session or a runaway script is bounded in cost; counted
 * where all API processes share the budget, as the widget's budgets are.
 */
export async function chargeOwnerChatMessage(
  deps: Pick<ServiceDeps, 'rateCounters'> & EnvOf<'CHAT_MESSAGES_PER_MINUTE'>,
  userId: string,
): Promise<void> {
  const hits = await deps.rateCounters.hit(`owner:${userId}`, WINDOW_MS);
  if (hits > deps.env.CHAT_MESSAGES_PER_MINUTE) throw new AppError(429, CHAT_MESSAGES.rateLimited);
}
