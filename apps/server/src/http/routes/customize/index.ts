import type { FastifyInstance } from 'fastify';
import { allowedDomainsRoutes } from './allowed-domains.routes.ts';
import { themeRoutes } from './theme.routes.ts';
import { widgetBudgetRoutes } from './widget-budget.routes.ts';

export async function customizeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(themeRoutes);
  await app.register(allowedDomainsRoutes);
  await app.register(widgetBudgetRoutes);
}
