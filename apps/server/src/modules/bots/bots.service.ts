import { rm } from 'node:fs/promises';
import { type BotListItem, KNOWLEDGE_MESSAGES } from '@docent/shared';
import { notFound } from '../../lib/app-error.ts';
import type { EnvOf, ServiceDeps } from '../service-deps.ts';
import { botUploadsDir } from '../users/account-deletion.service.ts';
import { countBotActivity } from './bot-activity.repo.ts';
import { deleteBot, listBots } from './bots.repo.ts';

export async function botDetails(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
): Promise<BotListItem[]> {
  const bots = await listBots(deps.db, userId);
  const activity = await countBotActivity(
    deps.db,
    bots.map((b) => b.id),
  );
  return bots.map((b) => ({
    bot_id: b.id,
    bot_name: b.name,
    messages: activity.get(b.id)?.messages ?? 0,
    conversations: activity.get(b.id)?.conversations ?? 0,
    resolutions: activity.get(b.id)?.resolutions ?? 0,
    train_ai: b.train_ai,
    first_message: b.first_message,
    image_training: b.image_training,
    customize_bot: b.customize_bot,
    embed_and_integrate: b.embed_and_integrate,
    status: b.status,
    total_chars: b.total_chars,
  }));
}

/**
 * Deletes a bot with everything it owns: rows through the cascades (sources, documents, chunks,
 * index, conversations, theme), then its files (logo). A file left behind is only logged.
 */
export async function removeBot(
  deps: Pick<ServiceDeps, 'db' | 'log'> & EnvOf<'dataDir'>,
  userId: string,
  botId: string,
): Promise<void> {
  if (!(await deleteBot(deps.db, userId, botId))) throw notFound(KNOWLEDGE_MESSAGES.botNotFound);
  await rm(botUploadsDir(deps.env.dataDir, botId), { recursive: true, force: true }).catch(
    (err: unknown) => deps.log.error({ err, botId }, 'bot file cleanup failed'),
  );
}
