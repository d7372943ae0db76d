import { type GeneralSettings, KNOWLEDGE_MESSAGES } from '@docent/shared';
import { notFound } from '../../lib/app-error.ts';
import { type BotRow, findOwnedBot, updateBotSettings } from '../bots/bots.repo.ts';
import type { ServiceDeps } from '../service-deps.ts';

type SettingsField = 'agent_name' | 'business_name' | 'base_prompt';

const shape = (b: BotRow): GeneralSettings => ({
  bot_id: b.id,
  bot_name: b.name,
  agent_name: b.agent_name,
  business_name: b.business_name,
  base_prompt: b.base_prompt,
  total_chars: b.total_chars,
});

export async function getGeneralSettings(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  botId: string,
): Promise<GeneralSettings> {
  const bot = await findOwnedBot(deps.db, userId, botId);
  if (!bot) throw notFound(KNOWLEDGE_MESSAGES.botNotFound);
  return shape(bot);
}

/**
 * Saves the fields the POST carried; a field it left out keeps its stored value. `bot_name`
 * renames the bot.
 */
export async function saveGeneralSettings(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  input: { bot_id: string; bot_name?: string | undefined } & Partial<Record<SettingsField, string>>,
): Promise<GeneralSettings> {
  const bot = await findOwnedBot(deps.db, userId, input.bot_id);
  if (!bot) throw notFound(KNOWLEDGE_MESSAGES.botNotFound);
  const settings = {
    name: input.bot_name ?? bot.name,
    agent_name: input.agent_name ?? bot.agent_name,
    business_name: input.business_name ?? bot.business_name,
    base_prompt: input.base_prompt ?? bot.base_prompt,
  };
  await updateBotSettings(deps.db, bot.id, settings);
  return shape({ ...bot, ...settings });
}
