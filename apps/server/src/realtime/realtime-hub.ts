import type { Server as HttpServer, IncomingMessage } from 'node:http';
import {
  ACCESS_COOKIE,
  type ClientToServerEvents,
  REALTIME_PATH,
  REFRESH_COOKIE,
  type ServerToClientEvents,
} from '@docent/shared';
import { fastifyCookie } from '@fastify/cookie';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Logger } from '../lib/logger.ts';
import { connectRedisAdapter } from './redis-adapter.ts';

export type RealtimeEvent = keyof ServerToClientEvents;
/** An event's arguments (the list events carry two: the pages, then which crawl they are). */
export type RealtimeArgs<E extends RealtimeEvent> = Parameters<ServerToClientEvents[E]>;

interface SocketData {
  userId: string;
  sessionId: string;
}
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

export type SocketAuthenticator = (
  accessToken: string | undefined,
  hasRefresh: boolean,
) => Promise<{ ok: true; userId: string; sessionId: string } | { ok: false }>;

export interface RealtimeConfig {
  /** Checks the session cookies of a connecting socket (the account module's session check). */
  authenticate: SocketAuthenticator;
  /** Browsers may connect from this origin (and from the host they connected to). */
  publicUrl: string;
  redisUrl?: string | undefined;
  redisPrefix: string;
  log: Logger;
}

/**
 * The Socket.IO side: created by every role so workers can push events (through the Redis
 * adapter when several processes run), attached to the HTTP server only by the realtime role.
 */
export interface RealtimeHub {
  /** Sends an event to every socket of one signed-in user, on any process. */
  emitToUser<E extends RealtimeEvent>(userId: string, event: E, ...args: RealtimeArgs<E>): void;
  /**
   * Disconnects, on every process, the sockets opened with sessions that just ended: one session
   * (logout), or all of a user's (password reset, account deletion) but `keepSessionId` (the
   * browser that changed its password). A revoked session must stop receiving the user's events
   * at once, not when its socket happens to reconnect.
   */
  endSessionSockets(
    ended: { sessionId: string } | { userId: string; keepSessionId?: string | undefined },
  ): void;
  /** Throws unless the Redis that carries events between processes answers (when there is one). */
  ping(): Promise<void>;
  /** Starts accepting sockets on `server`; `onSocket` runs for each authenticated one. */
  attach(server: HttpServer, onSocket?: (socket: RealtimeSocket) => void): void;
  close(): Promise<void>;
}

export const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export async function createRealtimeHub(cfg: RealtimeConfig): Promise<RealtimeHub> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>({
    path: REALTIME_PATH,
    serveClient: false,
    allowRequest: (req, cb) => cb(null, originAllowed(req, cfg.publicUrl)),
  });
  const redis: Redis[] = [];
  if (cfg.redisUrl) {
    const connected = await connectRedisAdapter({ ...cfg, redisUrl: cfg.redisUrl });
    redis.push(...connected.clients);
    io.adapter(connected.adapter);
  }

  // Identity comes only from the session cookie; the `user` query is never read.
  io.use(async (socket, next) => {
    try {
      const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? '');
      const result = await cfg.authenticate(
        cookies[ACCESS_COOKIE],
        Boolean(cookies[REFRESH_COOKIE]),
      );
      if (!result.ok) return next(new Error('Authentication required'));
      socket.data.userId = result.userId;
      socket.data.sessionId = result.sessionId;
      next();
    } catch (err) {
      cfg.log.warn({ err }, 'realtime authentication failed');
      next(new Error('Authentication required'));
    }
  });

  let attached = false;
  let closed: Promise<void> | undefined;
  return {
    emitToUser(userId, event, ...args) {
      // The typed emit cannot narrow a generic event name; the signature above guarantees it.
      (io.to(userRoom(userId)) as unknown as { emit(e: string, ...a: unknown[]): void }).emit(
        event,
        ...args,
      );
    },
    endSessionSockets(ended) {
      if ('sessionId' in ended) {
        io.in(sessionRoom(ended.sessionId)).disconnectSockets(true);
        return;
      }
      const all = io.in(userRoom(ended.userId));
      (ended.keepSessionId ? all.except(sessionRoom(ended.keepSessionId)) : all).disconnectSockets(
        true,
      );
    },
    async ping() {
      await Promise.all(redis.map((c) => c.ping()));
    },
    attach(server, onSocket) {
      if (attached) return;
      attached = true;
      io.attach(server);
      io.on('connection', (socket) => {
        void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
        onSocket?.(socket);
      });
    },
    close() {
      closed ??= (async () => {
        io.disconnectSockets(true);
        if (attached) await new Promise<void>((resolve) => io.close(() => resolve()));
        else await io.of('/').adapter.close();
        await Promise.allSettled(redis.map((c) => c.quit()));
      })();
      return closed;
    },
  };
}

/**
 * Cross-site WebSocket hijacking guard: a browser always sends Origin, and it must be ours.
 * Requests without Origin are not from a browser page and still need the session cookie.
 */
function originAllowed(req: IncomingMessage, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    const o = new URL(origin);
    if (o.origin === new URL(publicUrl).origin) return true;
    return o.host === req.headers.host;
  } catch {
    return false;
  }
}
