import { type ChatSource, MESSAGES } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { getSession, removeSessionKeys, setSession } from '../../app/session.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { BOT_LIST_KEY } from '../bots/bots.api.ts';
import { fetchTurns, streamChat } from './chat.api.ts';

export interface Turn {
  key: string;
  question: string;
  /** null while no text has arrived: shown as 'Loading...' (and kept so after an error). */
  answer: string | null;
  sources: ChatSource[];
  streaming: boolean;
}

let nextKey = 0;
const newKey = () => `turn-${++nextKey}`;

/**
 * The /chat conversation (spec §2, §4, §8): turns stream in over ai/chat/stream; the first
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
  const [loadingHistory, setLoadingHistory] = useState(Boolean(conversationId));
  const [busy, setBusy] = useState(false);
  const aborts = useRef(new Set<AbortController>());

  // Keep the stored id while the page is open; clear it on leaving (spec §2).
  useEffect(() => {
    if (idRef.current) setSession({ conversation_id: idRef.current });
    const pending = aborts.current;
    return () => {
      removeSessionKeys('conversation_id');
      for (const ctrl of pending) ctrl.abort();
    };
  }, []);

  const initialId = useRef(conversationId);
  useEffect(() => {
    const id = initialId.current;
    if (!id) return;
    let cancelled = false;
    fetchTurns(botId, id)
      .then((list) => {
        if (cancelled) return;
        setTurns(
          list.map((t) => ({
            key: newKey(),
            question: t.question,
            answer: t.answer.trim() === '' ? MESSAGES.chatEmptyAnswer : t.answer,
            sources: t.sources ?? [],
            streaming: false,
          })),
        );
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        toast.error(errorMessage(err));
        // A conversation that is gone (or not this bot's) starts a new one instead.
        if (err instanceof ApiError && err.status === 404) {
          idRef.current = null;
          setConversationId(null);
          removeSessionKeys('conversation_id');
        }
      })
      .finally(() => {
        if (!cancelled) setLoadingHistory(false);
      });
    return () => {
      cancelled = true;
    };
  }, [botId]);

  const update = useCallback(
    (key: string, fn: (t: Turn) => Turn) =>
      setTurns((list) => list.map((t) => (t.key === key ? fn(t) : t))),
    [],
  );

  const send = useCallback(
    async (question: string) => {
      const text = question.trim();
      if (!text || busy) return false;
      const key = newKey();
      setTurns((list) => [
        ...list,
        { key, question: text, answer: null, sources: [], streaming: true },
      ]);
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
          answer: result.answer.trim() === '' ? MESSAGES.chatEmptyAnswer : result.answer,
          streaming: false,
        }));
        void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
        void queryClient.invalidateQueries({ queryKey: ['conversations', botId] });
      } catch (err) {
        if (ctrl.signal.aborted) return false;
        // Spec §8: the message is shown and the answer stays 'Loading...'.
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

  return { turns, conversationId, loadingHistory, busy, send };
}
