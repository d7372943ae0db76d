import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { BOT_LIST_KEY } from '../bots/index.ts';
import { markSnippetCopied } from './embed.api.ts';

/** After a snippet copy: tick the quick-start step and let the bot cards and guide show it. */
export function useSnippetCopied(botId: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    markSnippetCopied(botId)
      .then(() => queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY }))
      // The copy itself worked; a missed tick is not worth interrupting the owner for.
      .catch(() => undefined);
  }, [botId, queryClient]);
}
