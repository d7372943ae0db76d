import type { ChatSource } from '../schemas/chat.ts';
import { CHAT_FAILED } from './chat.ts';
import { encodeEvent, readEventStream } from './event-stream.ts';

/**
 * The events of a streamed answer (ai/chat/stream and the widget's public chat), in order: one
 * `meta`, any number of `token`, one `sources`, then `done`; or `error` at any point, after
 * which the stream ends.
 */
export type ChatStreamEvent =
  | { event: 'meta'; data: { conversation_id: string } }
  | { event: 'token'; data: { text: string } }
  | { event: 'sources'; data: { sources: ChatSource[] } }
  | { event: 'done'; data: { answer: string; conversation_id: string; turn_id: string } }
  | { event: 'error'; data: { message: string } };

/** The one encoder: a chat event as text/event-stream text. */
export const encodeChatEvent = (ev: ChatStreamEvent): string => encodeEvent(ev.event, ev.data);

export interface ChatStreamHandlers {
  /** The conversation the answer belongs to (a new one when none was sent). */
  onConversation?(conversationId: string): void;
  onToken?(text: string): void;
  onSources?(sources: ChatSource[]): void;
}

export interface ChatStreamResult {
  answer: string;
  conversationId: string;
  /** The stored answer's id, for feedback ('' from a server that sends none). */
  turnId: string;
}

/** The server said the answer failed (`server`), or the stream ended before `done` (`dropped`). */
export class ChatStreamError extends Error {
  constructor(
    message: string,
    readonly reason: 'server' | 'dropped',
  ) {
    super(message);
    this.name = 'ChatStreamError';
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function parse(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The one decoder: reads a chat stream body, feeds the handlers, and resolves with the final
 * answer and conversation id. Rejects with a ChatStreamError on an `error` event or when the
 * body ends without `done`; a failed read rejects with the reader's own error.
 */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  on: ChatStreamHandlers,
): Promise<ChatStreamResult> {
  let answer = '';
  let conversationId = '';
  for await (const { event, data: raw } of readEventStream(body)) {
    const data = parse(raw);
    if (event === 'meta' && text(data.conversation_id)) {
      conversationId = text(data.conversation_id);
      on.onConversation?.(conversationId);
    } else if (event === 'token' && typeof data.text === 'string') {
      answer += data.text;
      on.onToken?.(data.text);
    } else if (event === 'sources' && Array.isArray(data.sources)) {
      on.onSources?.(data.sources as ChatSource[]);
    } else if (event === 'done') {
      return {
        answer: typeof data.answer === 'string' ? data.answer : answer,
        conversationId: text(data.conversation_id) || conversationId,
        turnId: text(data.turn_id),
      };
    } else if (event === 'error') {
      throw new ChatStreamError(text(data.message) || CHAT_FAILED, 'server');
    }
  }
  throw new ChatStreamError(CHAT_FAILED, 'dropped');
}
