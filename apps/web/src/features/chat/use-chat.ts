import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api.ts';
import { getSession, removeSessionKeys, setSession } from '../../lib/session.ts';
import { BOT_LIST_KEY } from '../bots/index.ts';
import { streamChat } from './chat.api.ts';
import { askedTurn, newTurnKey, shownAnswer, type Turn } from './turn.ts';
import { useAnswerRating } from './use-answer-rating.ts';
import { useChatHistory } from './use-chat-history.ts';

/**
 * The /chat conversation (docs/spec.md §2, §4, §8): turns stream in over ai/chat/stream; the first
 * reply's conversation id is stored and reused; leaving the page clears it.
 */
export function useChat(botId: string) {
  const queryClient = useQueryClient();
  // Read once: a reopened conversation from /preview, or none for a new one.
  const [conversationId, setConversationId] = useState<string | null>(
    () => getSession().conversation_id ?? null,
  );
  const idRef = useRef(conversationId);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [busy, setBusy] = useState(false);
  const aborts = useRef(new Set<AbortController>());

  useStoredWhileOpen(idRef.current, aborts.current);

  const loadingHistory = useChatHistory(botId, conversationId, setTurns, () => {
    idRef.current = null;
    setConversationId(null);
    removeSessionKeys('conversation_id');
  });

  const update = useCallback(
    (key: string, fn: (t: Turn) => Turn) =>
      setTurns((list) => list.map((t) => (t.key === key ? fn(t) : t))),
    [],
  );

  const send = useCallback(
    async (question: string) => {
      const text = question.trim();
      if (!text || busy) return false;
      const key = newTurnKey();
      setTurns((list) => [...list, askedTurn(key, text)]);
      setBusy(true);
      const ctrl = new AbortController();
      aborts.current.add(ctrl);
      const remember = (id: string) => {
        if (!id || idRef.current === id) return;
        idRef.current = id;
        setConversationId(id);
        setSession({ conversation_id: id });
      };
      try {
        const result = await streamChat(
          { botId, question: text, conversationId: idRef.current },
          {
            onConversation: remember,
            onToken: (token) => update(key, (t) => ({ ...t, answer: (t.answer ?? '') + token })),
            onSources: (sources) => update(key, (t) => ({ ...t, sources })),
          },
          ctrl.signal,
        );
        remember(result.conversationId);
        update(key, (t) => ({
          ...t,
          answer: shownAnswer(result.answer),
          streaming: false,
          turnId: result.turnId,
        }));
        void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
        void queryClient.invalidateQueries({ queryKey: ['conversations', botId] });
      } catch (err) {
        if (ctrl.signal.aborted) return false;
        // docs/spec.md §8: the message is shown and the answer stays 'Loading...'.
        toast.error(errorMessage(err));
        update(key, (t) => ({ ...t, answer: null, sources: [], streaming: false }));
      } finally {
        aborts.current.delete(ctrl);
        setBusy(false);
      }
      return true;
    },
    [botId, busy, queryClient, update],
  );

  const rate = useAnswerRating(botId, update);
  return { turns, conversationId, loadingHistory, busy, send, rate };
}

/**
 * Keeps the conversation id stored while the page is open and clears it on leaving
 * (docs/spec.md §2); answers still streaming then are abandoned.
 */
function useStoredWhileOpen(openedWith: string | null, pending: Set<AbortController>): void {
  const opened = useRef({ openedWith, pending });
  useEffect(() => {
    const { openedWith: id, pending: streams } = opened.current;
    if (id) setSession({ conversation_id: id });
    return () => {
      removeSessionKeys('conversation_id');
      for (const ctrl of streams) ctrl.abort();
    };
  }, []);
}
