import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { findOwnedBot, listBots } from '../modules/bots/bots.repo.ts';
import { botStatus, realtimeMessage } from '../modules/sources/training-status.service.ts';
import type { RealtimeSocket } from './realtime-hub.ts';

/**
 * The realtime role: Socket.IO on the API's HTTP server. A client's 'connection' event asks
 * for the current state; its user/userId fields are ignored — the answer is about the
 * authenticated user's own bot (the one named by bot_id if it is theirs, else the newest).
 */
export function attachRealtime(app: FastifyInstance, ctx: AppContext): void {
  ctx.realtime.attach(app.server, (socket: RealtimeSocket) => {
    socket.on('connection', (payload) => {
      void replyWithStatus(ctx, socket, payload?.bot_id).catch((err: unknown) =>
        ctx.log.warn({ err }, 'realtime status reply failed'),
      );
    });
  });
}

async function replyWithStatus(
  ctx: AppContext,
  socket: RealtimeSocket,
  requestedBotId: unknown,
): Promise<void> {
  const userId = socket.data.userId;
  const bot =
    (typeof requestedBotId === 'string' && (await findOwnedBot(ctx.db, userId, requestedBotId))) ||
    (await listBots(ctx.db, userId))[0];
  if (!bot) return;
  const status = await botStatus(ctx, bot);
  socket.emit('status_update', {
    ...status.progress,
    bot_id: bot.id,
    processing_complete: status.processing_complete,
  });
  socket.emit('message', realtimeMessage(status));
}
