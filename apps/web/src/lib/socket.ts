import {
  type ClientToServerEvents,
  MESSAGES,
  REALTIME_PATH,
  type ServerToClientEvents,
} from '@docent/shared';
import { toast } from 'react-toastify';
import { io, type Socket } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The realtime channel (docs/spec.md §4, §7, §9): same origin, session cookies, 5 reconnection attempts
 * 1000 ms apart. On every (re)connect it sends 'connection' with the user, as the spec's client
 * does; the server decides identity from the cookie and answers with the bot's status.
 */
export function connectRealtime(user: string, userId: string, botId?: string): RealtimeSocket {
  const socket: RealtimeSocket = io({
    path: REALTIME_PATH,
    query: { user: userId },
    withCredentials: true,
    reconnection: true,
    reconnectionAttempts: 5,
    reconnectionDelay: 1000,
  });
  socket.on('connect', () => {
    socket.emit('connection', { user, userId, ...(botId ? { bot_id: botId } : {}) });
  });
  return socket;
}

/** Sends an event when connected; otherwise tells the user, as docs/spec.md §8 says. */
export function sendRealtime<E extends keyof ClientToServerEvents>(
  socket: RealtimeSocket | null | undefined,
  event: E,
  ...args: Parameters<ClientToServerEvents[E]>
): boolean {
  if (!socket?.connected) {
    toast.error(MESSAGES.socketNotConnected, { toastId: 'socket-not-connected' });
    return false;
  }
  socket.emit(event, ...args);
  return true;
}
