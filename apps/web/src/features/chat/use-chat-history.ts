import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { fetchTurns } from './chat.api.ts';
import { fromStored, type Turn } from './turn.ts';

/**
 * Loads the turns of the conversation the page opened with, once. A conversation that is gone
 * (or not this bot's) calls `onGone`, so the page starts a new one instead.
 */
export function useChatHistory(
  botId: string,
  openedWith: string | null,
  onLoaded: (turns: Turn[]) => void,
  onGone: () => void,
): boolean {
  const [loading, setLoading] = useState(Boolean(openedWith));
  const initial = useRef({ id: openedWith, onLoaded, onGone });
  useEffect(() => {
    const { id, onLoaded: loaded, onGone: gone } = initial.current;
    if (!id) return;
    let cancelled = false;
    fetchTurns(botId, id)
      .then((list) => {
        if (!cancelled) loaded(list.map(fromStored));
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        toast.error(errorMessage(err));
        if (err instanceof ApiError && err.status === 404) gone();
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [botId]);
  return loading;
}
