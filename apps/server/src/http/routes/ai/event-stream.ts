import { CHAT_MESSAGES, type ChatStreamEvent, encodeChatEvent } from '@docent/shared';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { OpenChat } from '../../../modules/chat/chat.service.ts';

export interface EventStream {
  /** Aborted when the client goes away before the stream ends. */
  signal: AbortSignal;
  send(event: ChatStreamEvent): void;
  end(): void;
}

/** Comment lines keep idle proxies from closing the stream while a slow model thinks. */
const HEARTBEAT_MS = 15_000;

/**
 * Takes the response over from Fastify (which would buffer a returned body) and writes
 * server-sent events straight to the socket. The headers Fastify's hooks set (helmet's) are
 * kept; they leave with the first events, when the event loop next turns (so the client sees
 * its first bytes at once, in one write instead of two).
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const res = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && name !== 'content-length') headers[name] = value;
  }
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  // Small event writes must not wait for Nagle's algorithm (test sockets lack the method).
  if (typeof res.socket?.setNoDelay === 'function') res.socket.setNoDelay(true);
  const abort = new AbortController();
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  res.on('close', () => {
    clearInterval(heartbeat);
    if (!res.writableFinished) abort.abort();
  });
  // Events produced in one go (a finished extractive answer's tokens, its sources and done)
  // leave as one write when the event loop turns (setImmediate): one HTTP chunk and one packet
  // instead of one each, which both sides pay for in parsing and system calls. Tokens that
  // arrive over time (a model's) still leave as they come.
  let pending = '';
  function flush(): void {
    if (pending && !res.writableEnded && !res.destroyed) res.write(pending);
    pending = '';
  }
  function write(text: string): void {
    if (res.writableEnded || res.destroyed) return;
    if (!pending) setImmediate(flush);
    pending += text;
  }
  return {
    signal: abort.signal,
    send(event) {
      write(encodeChatEvent(event));
    },
    end() {
      clearInterval(heartbeat);
      flush();
      // A client that left gets its socket dropped, not a graceful end it will never read.
      if (abort.signal.aborted) res.destroy();
      else if (!res.writableEnded) res.end();
    },
  };
}

/**
 * Streams an opened chat as the shared chat events (`ChatStreamEvent`, in its order). Used by
 * ai/chat/stream and the widget's public chat.
 */
export async function streamChat(
  reply: FastifyReply,
  chat: OpenChat,
  log: FastifyBaseLogger,
  failureLog = 'chat stream failed',
): Promise<void> {
  const stream = openEventStream(reply);
  stream.send({ event: 'meta', data: { conversation_id: chat.conversationId } });
  try {
    for await (const ev of chat.events(stream.signal)) {
      if (ev.type === 'token') stream.send({ event: 'token', data: { text: ev.text } });
      else if (ev.type === 'sources')
        stream.send({ event: 'sources', data: { sources: ev.sources } });
      else {
        const data = {
          answer: ev.answer,
          conversation_id: ev.conversationId,
          turn_id: ev.turnId,
        };
        stream.send({ event: 'done', data });
      }
    }
  } catch (err) {
    if (!stream.signal.aborted) {
      log.error({ err }, failureLog);
      stream.send({ event: 'error', data: { message: CHAT_MESSAGES.chatFailed } });
    }
  } finally {
    stream.end();
  }
}
