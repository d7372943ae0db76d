import {
  CHAT_MESSAGES,
  type ChatBody,
  type ChatStreamHandlers,
  type ChatStreamResult,
  type ChatTurn,
  type ConversationListItem,
  type ConversationsBody,
  type FeedbackBody,
  type FeedbackRating,
  readChatStream,
} from '@docent/shared';
import { api, apiStream } from '../../lib/api.ts';

/** The bot's past conversations, newest first (docs/spec.md §7 /ai/conversations). */
export async function fetchConversations(botId: string): Promise<ConversationListItem[]> {
  const reply = await api<ConversationListItem[]>('ai/conversations', {
    json: { bot_id: botId } satisfies ConversationsBody,
  });
  return Array.isArray(reply.response) ? reply.response : [];
}

/** One conversation's turns, oldest first. */
export async function fetchTurns(botId: string, conversationId: string): Promise<ChatTurn[]> {
  const reply = await api<ChatTurn[]>('ai/conversations', {
    json: { bot_id: botId, conversation_id: conversationId } satisfies ConversationsBody,
  });
  return Array.isArray(reply.response) ? reply.response : [];
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
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatStreamResult> {
  const body: ChatBody = {
    bot_id: req.botId,
    chat_memory: [],
    question: req.question,
    conversation_id: req.conversationId,
    session_id: null,
  };
  const res = await apiStream('ai/chat/stream', { json: body, ...(signal ? { signal } : {}) });
  if (!res.body) throw new Error(CHAT_MESSAGES.chatFailed);
  const result = await readChatStream(res.body, handlers);
  return { ...result, conversationId: result.conversationId || (req.conversationId ?? '') };
}

/** The owner's thumbs up/down on an answer of the preview chat; null takes the vote back. */
export async function rateAnswer(botId: string, turnId: string, rating: FeedbackRating) {
  await api('ai/feedback', {
    json: { bot_id: botId, turn_id: turnId, rating } satisfies FeedbackBody,
  });
}
