import type {
  CrawlMessageEvent,
  RealtimeMessageEvent,
  ScriptAttributes,
  StatusUpdateEvent,
} from '@docent/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAppState } from '../../lib/app-state.tsx';
import { useSession } from '../../lib/session.ts';
import { fetchBotStatus } from '../bots/index.ts';

export interface EmbedStatus {
  /** Undefined until the first status (HTTP or realtime) arrives. */
  ready: boolean | undefined;
  script: string | null;
  attributes: ScriptAttributes | null;
  /** Where the product is served (the script URL without `/widget.js`). */
  publicUrl: string | null;
}

const POLL_MS = 5000;

/**
 * The bot's training state and embed script for /status (docs/spec.md §4): ready when the realtime
 * status is 'completed' or the fetched status has processing_complete. The page asks the
 * realtime channel for this bot's status; HTTP polling covers a socket that is down.
 */
export function useEmbedStatus(botId: string): EmbedStatus {
  const { socket } = useAppState();
  const { user, userId } = useSession();
  const [live, setLive] = useState<{
    ready: boolean;
    script?: string;
    attributes?: ScriptAttributes;
  } | null>(null);

  const query = useQuery({
    queryKey: ['bot-status', botId],
    queryFn: async () => (await fetchBotStatus(botId)).response ?? null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.processing_complete || live?.ready ? false : POLL_MS),
  });

  useEffect(() => {
    if (!socket) return;
    const hello = () =>
      socket.emit('connection', { user: user ?? '', userId: userId ?? user ?? '', bot_id: botId });
    const onMessage = (msg: RealtimeMessageEvent | CrawlMessageEvent) => {
      // Crawl messages (they carry crawl_id, not bot_id) are the crawl screens' business.
      if (!('bot_id' in msg) || msg.bot_id !== botId) return;
      setLive((prev) => ({
        ready: msg.status === 'completed' || Boolean(prev?.ready),
        script: msg.script,
        attributes: msg.script_attributes,
      }));
    };
    const onStatus = (msg: StatusUpdateEvent) => {
      if (msg.bot_id === botId && msg.processing_complete) {
        setLive((prev) => ({ ...prev, ready: true }));
      }
    };
    socket.on('connect', hello);
    socket.on('message', onMessage);
    socket.on('status_update', onStatus);
    if (socket.connected) hello();
    return () => {
      socket.off('connect', hello);
      socket.off('message', onMessage);
      socket.off('status_update', onStatus);
    };
  }, [socket, botId, user, userId]);

  const fetched = query.data;
  const ready =
    live?.ready || fetched?.processing_complete
      ? true
      : live || fetched
        ? false
        : query.isError
          ? false
          : undefined;
  const script = live?.script || fetched?.script || null;
  const attributes = live?.attributes ?? fetched?.script_attributes ?? null;
  const publicUrl = attributes?.script_url
    ? attributes.script_url.replace(/\/widget\.js(?:\?.*)?$/, '')
    : null;
  return { ready, script, attributes, publicUrl };
}
