import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** One card of the bot list (spec §3); the quick-start flags are undefined while unknown. */
export interface BotSummary {
  bot_id: string;
  bot_name: string;
  messages?: number;
  conversations?: number;
  train_ai?: boolean;
  first_message?: boolean;
  image_training?: boolean;
  customize_bot?: boolean;
  embed_and_integrate?: boolean;
}

export const BOT_LIST_KEY = ['dashboard', 'chat-bot-list'] as const;

/** The signed-in user's bots; a failed call counts as "no bots" (header logo rule). */
export async function fetchBotList(): Promise<BotSummary[]> {
  try {
    const reply = await api<{ bot_details?: BotSummary[] }>('dashboard/chat-bot-list');
    return Array.isArray(reply.response?.bot_details) ? reply.response.bot_details : [];
  } catch {
    return [];
  }
}

export function useBotList() {
  return useQuery({ queryKey: BOT_LIST_KEY, queryFn: fetchBotList });
}
