import { type GeneralSettings, KNOWLEDGE_MESSAGES } from '@docent/shared';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { type BotRow, findOwnedBot, updateBotSettings } from '../bots/bots.repo.ts';

const shape = (b: BotRow): GeneralSettings => ({
  bot_id: b.id,
  agent_name: b.agent_name,
  business_name: b.business_name,
  base_prompt: b.base_prompt,
  total_chars: b.total_chars,
});

export async function getGeneralSettings(
  ctx: AppContext,
  userId: string,
  botId: string,
): Promise<GeneralSettings> {
  const bot = await findOwnedBot(ctx.db, userId, botId);
  if (!bot) throw notFound(KNOWLEDGE_MESSAGES.botNotFound);
  return shape(bot);
}

export async function saveGeneralSettings(
  ctx: AppContext,
  userId: string,
  input: { bot_id: string; agent_name: string; business_name: string; base_prompt: string },
): Promise<GeneralSettings> {
  const bot = await findOwnedBot(ctx.db, userId, input.bot_id);
  if (!bot) throw notFound(KNOWLEDGE_MESSAGES.botNotFound);
  const settings = {
    agent_name: input.agent_name,
    business_name: input.business_name,
    base_prompt: input.base_prompt,
  };
  await updateBotSettings(ctx.db, bot.id, settings);
  return shape({ ...bot, ...settings });
}
