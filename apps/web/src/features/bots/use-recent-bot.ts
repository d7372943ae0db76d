import { useEffect } from 'react';
import { setSession, useSession } from '../../lib/session.ts';
import { useBotList } from './bots.api.ts';

/**
 * With no bot chosen yet (a fresh login clears storage), chooses the account's most recent bot,
 * first in the list (newest first), so a bot page opens on it instead of "No chatbot selected".
 * Returns the chosen id, or null once the list shows there is no bot; undefined while loading.
 */
export function useRecentBotWhenNoneChosen(): string | null | undefined {
  const { bot_id: botId } = useSession();
  const bots = useBotList();
  const recent = botId ? undefined : bots.data?.[0];
  useEffect(() => {
    if (recent) setSession({ bot_id: recent.bot_id, bot_name: recent.bot_name });
  }, [recent]);
  if (botId) return botId;
  if (bots.isPending || recent) return undefined;
  return null;
}
