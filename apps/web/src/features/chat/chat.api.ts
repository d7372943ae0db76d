import {
  CHAT_MESSAGES,
  type ChatSource,
  type ChatTurn,
  type ConversationListItem,
} from '@docent/shared';
import { api, apiStream } from '../../lib/api.ts';
import { readEventStream } from './sse.ts';

/** The bot's past conversations, newest first (spec §7 /ai/conversations). */
export async function fetchConversations(botId: string): Promise<ConversationListItem[]> {
  const reply = await api<ConversationListItem[]>('ai/conversations', {
    json: { bot_id: botId },
  });
  return Array.isArray(reply.response) ? reply.response : [];
}

/** One conversation's turns, oldest first. */
export async function fetchTurns(botId: string, conversationId: string): Promise<ChatTurn[]> {
  const reply = await api<ChatTurn[]>('ai/conversations', {
    json: { bot_id: botId, conversation_id: conversationId },
  });
  return Array.isArray(reply.response) ? reply.response : [];
}

export interface StreamHandlers {
  onConversation: (conversationId: string) => void;
  onToken: (text: string) => void;
  onSources: (sources: ChatSource[]) => void;
}

export interface ChatRequest {
  botId: string;
  question: string;
  conversationId: string | null;
}

/**
 * Asks over ai/chat/stream and feeds the events to the handlers; resolves with the final
 * answer and conversation id, rejects with the server's message on an `error` event.
 */
export async function streamChat(
  req: ChatRequest,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<{ answer: string; conversationId: string }> {
  const res = await apiStream('ai/chat/stream', {
    json: {
      bot_id: req.botId,
      chat_memory: [],
      question: req.question,
      conversation_id: req.conversationId,
      session_id: null,
    },
    ...(signal ? { signal } : {}),
  });
  if (!res.body) throw new Error(CHAT_MESSAGES.chatFailed);
  let answer = '';
  let conversationId = req.conversationId ?? '';
  for await (const ev of readEventStream(res.body)) {
    const data = parse(ev.data);
    if (ev.event === 'meta' && typeof data.conversation_id === 'string') {
      conversationId = data.conversation_id;
      handlers.onConversation(conversationId);
    } else if (ev.event === 'token' && typeof data.text === 'string') {
      answer += data.text;
      handlers.onToken(data.text);
    } else if (ev.event === 'sources' && Array.isArray(data.sources)) {
      handlers.onSources(data.sources as ChatSource[]);
    } else if (ev.event === 'done') {
      if (typeof data.answer === 'string') answer = data.answer;
      if (typeof data.conversation_id === 'string') conversationId = data.conversation_id;
      return { answer, conversationId };
    } else if (ev.event === 'error') {
      throw new Error(typeof data.message === 'string' ? data.message : CHAT_MESSAGES.chatFailed);
    }
  }
  // The stream ended without `done`: the connection dropped mid-answer.
  throw new Error(CHAT_MESSAGES.chatFailed);
}

function parse(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
