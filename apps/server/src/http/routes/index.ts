import type { FastifyInstance } from 'fastify';
import { aiRoutes } from './ai/ai.routes.ts';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { inboxRoutes } from './analytics/inbox.routes.ts';
import { authRoutes } from './auth/index.ts';
import { botsRoutes } from './bots/bots.routes.ts';
import { customizeRoutes } from './customize/index.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { documentsRoutes } from './documents/documents.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { imagesRoutes } from './images/images.routes.ts';
import { planRoutes } from './plan/plan.routes.ts';
import { publicRoutes } from './public/index.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { sourceRoutes } from './source/source.routes.ts';
import { uploadRoutes } from './upload/index.ts';
import { userRoutes } from './user/index.ts';
import { websiteRoutes } from './website/website.routes.ts';
import { youtubeRoutes } from './youtube/youtube.routes.ts';

/** Every API area, mounted under /api. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(aiRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(uploadRoutes);
  await app.register(dashboardRoutes);
  await app.register(analyticsRoutes);
  await app.register(inboxRoutes);
  await app.register(botsRoutes);
  await app.register(sourceRoutes);
  await app.register(settingsRoutes);
  await app.register(planRoutes);
  await app.register(documentsRoutes);
  await app.register(imagesRoutes);
  await app.register(youtubeRoutes);
  await app.register(websiteRoutes);
  await app.register(customizeRoutes);
  await app.register(publicRoutes);
}
