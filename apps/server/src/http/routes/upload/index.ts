import type { FastifyInstance } from 'fastify';
import { questionAnswerRoutes } from './question-answers.routes.ts';
import { statusRoutes } from './status.routes.ts';
import { textUploadRoutes } from './text.routes.ts';

/** upload/*: training submissions and their status (one line per source family). */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(textUploadRoutes);
  await app.register(questionAnswerRoutes);
  await app.register(statusRoutes);
}
