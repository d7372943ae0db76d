import type {
  BotIdBody,
  BotListItem,
  BotListResponse,
  GeneralSettings,
  GeneralSettingsBody,
  StatusBody,
  StatusResponse,
} from '@docent/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const BOT_LIST_KEY = ['dashboard', 'chat-bot-list'] as const;

/** The signed-in user's bots; a failed call counts as "no bots" (header logo rule). */
export async function fetchBotList(): Promise<BotListItem[]> {
  try {
    return (await api<BotListResponse>('dashboard/chat-bot-list')).response.bot_details;
  } catch {
    return [];
  }
}

export function useBotList() {
  return useQuery({ queryKey: BOT_LIST_KEY, queryFn: fetchBotList });
}

/** The bot's training state and embed script (upload/status). */
export function fetchBotStatus(botId: string) {
  return api<StatusResponse>('upload/status', { json: { botId } satisfies StatusBody });
}

export function deleteBot(botId: string) {
  return api('user/delete_bot', { json: { bot_id: botId } satisfies BotIdBody });
}

export async function fetchGeneralSettings(botId: string): Promise<GeneralSettings> {
  return (await api<GeneralSettings>(`settings/general_settings/${encodeURIComponent(botId)}`))
    .response;
}

export function saveGeneralSettings(
  botId: string,
  values: Pick<GeneralSettings, 'bot_name' | 'agent_name' | 'business_name' | 'base_prompt'>,
) {
  const body: GeneralSettingsBody = { bot_id: botId, ...values };
  return api<GeneralSettings>('settings/general_settings', { json: body });
}
