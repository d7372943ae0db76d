import { CHAT_MESSAGES, chatBody, conversationsBody, feedbackBody } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChatScope } from '../../../modules/chat/chat.service.ts';
import { chargeOwnerChatMessage } from '../../../modules/chat/chat-rate-limit.ts';
import { rateAnswer } from '../../../modules/chat/feedback.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { streamChat } from './event-stream.ts';

/**
 * The owner's chat with their own bot (/preview, /chat). History lives on the server; the
 * client's chat_memory is ignored.
 */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post('/ai/chat', { onRequest: requireAuth, schema: { body: chatBody } }, async (request) => {
    const scope: ChatScope = { channel: 'dashboard', userId: authOf(request).userId };
    await chargeOwnerChatMessage(ctx, scope.userId);
    const { bot_id, question, conversation_id, session_id } = request.body;
    const response = await ctx.chat.ask(scope, {
      botId: bot_id,
      question,
      ...(conversation_id ? { conversationId: conversation_id } : {}),
      ...(session_id ? { sessionId: session_id } : {}),
    });
    return ok(CHAT_MESSAGES.answered, response);
  });

  /**
   * Same request, answered as server-sent events: `meta` {conversation_id}, `token` {text}…,
   * `sources` {sources}, `done` {answer, conversation_id}; or `error` {message}. A refused bot
   * or conversation is an ordinary JSON error before the stream starts.
   */
  app.post(
    '/ai/chat/stream',
    { onRequest: requireAuth, schema: { body: chatBody } },
    async (request, reply) => {
      const scope: ChatScope = { channel: 'dashboard', userId: authOf(request).userId };
      await chargeOwnerChatMessage(ctx, scope.userId);
      const { bot_id, question, conversation_id, session_id } = request.body;
      const chat = await ctx.chat.open(scope, {
        botId: bot_id,
        question,
        ...(conversation_id ? { conversationId: conversation_id } : {}),
        ...(session_id ? { sessionId: session_id } : {}),
      });
      await streamChat(reply, chat, request.log);
    },
  );

  /** The owner's thumbs up/down on an answer of the preview chat; rating null takes it back. */
  app.post(
    '/ai/feedback',
    { onRequest: requireAuth, schema: { body: feedbackBody } },
    async (request) => {
      const scope: ChatScope = { channel: 'dashboard', userId: authOf(request).userId };
      const { bot_id, turn_id, rating } = request.body;
      await rateAnswer(ctx.db, scope, bot_id, turn_id, rating);
      return ok(CHAT_MESSAGES.feedbackSaved, { turn_id, rating });
    },
  );

  app.post(
    '/ai/conversations',
    { onRequest: requireAuth, schema: { body: conversationsBody } },
    async (request) => {
      const scope: ChatScope = { channel: 'dashboard', userId: authOf(request).userId };
      const { bot_id, conversation_id } = request.body;
      if (conversation_id) {
        return ok(
          CHAT_MESSAGES.conversationLoaded,
          await ctx.chat.turns(scope, bot_id, conversation_id),
        );
      }
      return ok(CHAT_MESSAGES.conversationsLoaded, await ctx.chat.conversations(scope, bot_id));
    },
  );
};
