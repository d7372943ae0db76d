import { WIDGET_MESSAGES, widgetBudgetBody } from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  saveWidgetBudgetForOwner,
  widgetBudgetForOwner,
} from '../../../modules/embed/widget-budget.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

/** The widget's message budget of a bot and when it was last reached (/chatbot-settings). */
export const widgetBudgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/settings/widget-budget/:bot_id',
    { onRequest: requireAuth, schema: { params: z.object({ bot_id: z.string() }) } },
    async (request) =>
      ok(
        WIDGET_MESSAGES.budgetLoaded,
        await widgetBudgetForOwner(ctx, authOf(request).userId, request.params.bot_id),
      ),
  );
  app.post(
    '/settings/widget-budget',
    { onRequest: requireAuth, schema: { body: widgetBudgetBody } },
    async (request) => {
      const { bot_id, messages_per_minute } = request.body;
      const saved = await saveWidgetBudgetForOwner(
        ctx,
        authOf(request).userId,
        bot_id,
        messages_per_minute,
      );
      return ok(WIDGET_MESSAGES.budgetSaved, saved);
    },
  );
};
