import { WIDGET_MESSAGES } from '@docent/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../../lib/app-error.ts';
import { originAllowed } from '../../../modules/embed/origin-policy.ts';
import { findPublicBot, type PublicBot } from '../../../modules/embed/public-bot.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    publicBot: PublicBot | null;
  }
}

/**
 * onRequest of every public chat route: the bot must exist (404) and the calling page's Origin
 * must be one of its allowed domains (403). Allowed origins get CORS headers without
 * credentials; no cookie is ever read. The refusal itself is readable by the page (it carries
 * nothing but a fixed message) so the widget can say why it cannot chat; preflights of a
 * refused origin get no CORS headers, so the browser never sends the real request.
 */
export async function checkPublicOrigin(request: FastifyRequest, reply: FastifyReply) {
  const { botId } = request.params as { botId?: string };
  const bot = await findPublicBot(request.server.ctx, botId ?? '');
  const origin = request.headers.origin;
  reply.header('Vary', 'Origin');
  const publicUrl = request.server.ctx.env.publicUrl;
  const sameOrigin = request.headers['sec-fetch-site'] === 'same-origin';
  const allowed = origin
    ? originAllowed(origin, bot.domains, publicUrl)
    : bot.domains.length === 0 || sameOrigin;
  if (!allowed) {
    if (origin && request.method !== 'OPTIONS') reply.header('Access-Control-Allow-Origin', origin);
    throw forbidden(WIDGET_MESSAGES.originRefused);
  }
  if (origin) reply.header('Access-Control-Allow-Origin', origin);
  request.publicBot = bot;
}

export function publicBotOf(request: FastifyRequest): PublicBot {
  if (!request.publicBot) throw forbidden(WIDGET_MESSAGES.originRefused);
  return request.publicBot;
}
