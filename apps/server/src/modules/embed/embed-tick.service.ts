import { KNOWLEDGE_MESSAGES } from '@docent/shared';
import { notFound } from '../../lib/app-error.ts';
import { findOwnedBot, markQuickStart } from '../bots/bots.repo.ts';
import type { ServiceDeps } from '../service-deps.ts';

/**
 * The quick-start "Embed & integrate" step is done once the owner has the snippet in hand
 * (copied it from /status) or the widget has loaded on a page that is not the product's own
 * (the dashboard and the hosted full-page chat live on the product's origin).
 */
export async function markSnippetCopied(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  botId: string,
): Promise<void> {
  const bot = await findOwnedBot(deps.db, userId, botId);
  if (!bot) throw notFound(KNOWLEDGE_MESSAGES.botNotFound);
  await markQuickStart(deps.db, bot.id, 'embed_and_integrate');
}

export async function markWidgetLoaded(
  deps: Pick<ServiceDeps, 'db'>,
  botId: string,
  origin: string | undefined,
  publicUrl: string,
): Promise<void> {
  if (!origin || origin === new URL(publicUrl).origin) return;
  await markQuickStart(deps.db, botId, 'embed_and_integrate');
}
