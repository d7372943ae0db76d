import {
  CHAT_MESSAGES,
  publicChatBody,
  publicFeedbackBody,
  publicVisitorQuery,
  WIDGET_MESSAGES,
} from '@docent/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { countryOfIp } from '../../../lib/ip-country.ts';
import type { ChatScope } from '../../../modules/chat/chat.service.ts';
import { rateAnswer } from '../../../modules/chat/feedback.ts';
import { chargeChatMessage } from '../../../modules/embed/chat-budget.ts';
import { markWidgetLoaded } from '../../../modules/embed/embed-tick.service.ts';
import { publicConfig } from '../../../modules/embed/public-bot.service.ts';
import { ok } from '../../envelope.ts';
import { streamChat } from '../ai/event-stream.ts';
import { checkPublicOrigin, publicBotOf } from './public-origin.ts';

const botParams = z.object({ botId: z.string() });
const conversationParams = z.object({ botId: z.string(), id: z.string() });
/** Reads are cheap but public: a generous per-IP budget keeps scrapers off the database. */
const readLimit = {
  rateLimit: {
    max: 120,
    timeWindow: 60_000,
    errorResponseBuilder: () => new AppError(429, WIDGET_MESSAGES.visitorRateLimited),
  },
};
/** A question is at most CHAT_QUESTION_MAX characters; anything far larger is refused unread. */
const CHAT_BODY_LIMIT = 16 * 1024;

/** The widget's first call; loaded from outside the product, it ticks the quick-start step. */
async function widgetConfig(request: FastifyRequest) {
  const { ctx } = request.server;
  const bot = publicBotOf(request);
  await markWidgetLoaded(ctx, bot.id, request.headers.origin, ctx.env.publicUrl);
  return ok(WIDGET_MESSAGES.configLoaded, await publicConfig(ctx, bot));
}

/**
 * The widget's API (no cookies, no CSRF: nothing here acts for an account). Visitors are the
 * random id their browser keeps; each sees only its own conversations with this bot.
 */
export const publicChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.decorateRequest('publicBot', null);
  app.addHook('onRequest', checkPublicOrigin);

  app.options('/public/bots/:botId/*', async (_request, reply) =>
    reply
      .header('Access-Control-Allow-Methods', 'GET, POST')
      .header('Access-Control-Allow-Headers', 'content-type')
      .header('Access-Control-Max-Age', '600')
      .status(204)
      .send(),
  );

  app.get(
    '/public/bots/:botId/config',
    { config: readLimit, schema: { params: botParams } },
    widgetConfig,
  );

  /** Server-sent events exactly as ai/chat/stream: meta, token…, sources, done (or error). */
  app.post(
    '/public/bots/:botId/chat',
    { bodyLimit: CHAT_BODY_LIMIT, schema: { params: botParams, body: publicChatBody } },
    async (request, reply) => {
      const bot = publicBotOf(request);
      const { question, conversation_id, visitor_id, mode } = request.body;
      await chargeChatMessage(ctx, bot, { visitorId: visitor_id, ip: request.ip });
      const scope: ChatScope = {
        channel: 'widget',
        sessionId: visitor_id,
        fullPage: mode === 'page',
        country: countryOfIp(request.ip),
      };
      const chat = await ctx.chat.open(scope, {
        botId: bot.id,
        bot,
        question,
        ...(conversation_id ? { conversationId: conversation_id } : {}),
      });
      await streamChat(reply, chat, request.log, 'public chat stream failed');
    },
  );

  /** A visitor's thumbs up/down on an answer of its own conversation (null takes it back). */
  app.post(
    '/public/bots/:botId/feedback',
    { config: readLimit, schema: { params: botParams, body: publicFeedbackBody } },
    async (request) => {
      const { turn_id, rating, visitor_id } = request.body;
      const scope: ChatScope = { channel: 'widget', sessionId: visitor_id };
      await rateAnswer(ctx.db, scope, publicBotOf(request).id, turn_id, rating);
      return ok(CHAT_MESSAGES.feedbackSaved, { turn_id, rating });
    },
  );

  const turns = async (botId: string, id: string, visitorId: string) => {
    const scope: ChatScope = { channel: 'widget', sessionId: visitorId };
    return ok(CHAT_MESSAGES.conversationLoaded, await ctx.chat.turns(scope, botId, id));
  };
  app.get(
    '/public/bots/:botId/conversations/:id',
    { config: readLimit, schema: { params: conversationParams, querystring: publicVisitorQuery } },
    (request) => turns(publicBotOf(request).id, request.params.id, request.query.visitor_id),
  );
  app.post(
    '/public/bots/:botId/conversations/:id',
    { config: readLimit, schema: { params: conversationParams, body: publicVisitorQuery } },
    (request) => turns(publicBotOf(request).id, request.params.id, request.body.visitor_id),
  );
  app.get(
    '/public/bots/:botId/conversations',
    { config: readLimit, schema: { params: botParams, querystring: publicVisitorQuery } },
    async (request) => {
      const scope: ChatScope = { channel: 'widget', sessionId: request.query.visitor_id };
      const list = await ctx.chat.conversations(scope, publicBotOf(request).id);
      return ok(CHAT_MESSAGES.conversationsLoaded, list);
    },
  );
};
