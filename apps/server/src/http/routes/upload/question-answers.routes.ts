import { csvTrainingJson, KNOWLEDGE_MESSAGES, MESSAGES, qaTrainingJson } from '@docent/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../../lib/app-error.ts';
import { trainQaCsv, trainQaPairs } from '../../../modules/sources/content-training.service.ts';
import { ok, parseJsonField } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { TEXT_BODY_LIMIT } from './text.routes.ts';

/** A CSV import names its columns; manual Q&A sends question_answer. */
const csvOrQa = z
  .looseObject({
    questions: z.unknown().optional(),
    answers: z.unknown().optional(),
    question_answer: z.unknown().optional(),
  })
  .transform((b) => ({
    isCsv:
      b.question_answer === undefined && (b.questions !== undefined || b.answers !== undefined),
  }));

interface QaUpload {
  jsonData: unknown;
  file: { buffer: Buffer; filename: string } | null;
}

/**
 * Multipart as the spec sends it (json_data + optional `file`); a JSON body with the same
 * json_data (or its fields at the top level) is accepted too.
 */
async function readUpload(request: FastifyRequest): Promise<QaUpload> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return { jsonData: body.json_data ?? body, file: null };
  }
  let jsonData: unknown;
  let file: QaUpload['file'] = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (part.fieldname === 'file' && buffer.length > 0) {
        file = { buffer, filename: part.filename || 'questions.csv' };
      }
    } else if (part.fieldname === 'json_data') {
      jsonData = part.value;
    }
  }
  return { jsonData, file };
}

/**
 * POST upload/question_answers: manual Q&A pairs (stage 2), or — when a `file` part is
 * present, or json_data names CSV columns — a CSV import (stage 1) parsed on the server.
 */
export const questionAnswerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upload/question_answers',
    { preHandler: requireAuth, bodyLimit: TEXT_BODY_LIMIT },
    async (request) => {
      const { userId } = authOf(request);
      const upload = await readUpload(request);
      const raw = parseJsonField(csvOrQa, upload.jsonData ?? '{}');
      if (upload.file || raw.isCsv) {
        const body = parseJsonField(csvTrainingJson, upload.jsonData ?? '{}');
        if (!upload.file) throw badRequest(MESSAGES.selectFile);
        const response = await trainQaCsv(app.ctx, userId, body, upload.file);
        return ok(KNOWLEDGE_MESSAGES.trainingStarted, response);
      }
      const body = parseJsonField(qaTrainingJson, upload.jsonData ?? '{}');
      const response = await trainQaPairs(app.ctx, userId, {
        bot_id: body.bot_id,
        bot_name: body.bot_name,
        question_answer: body.question_answer,
      });
      return ok(KNOWLEDGE_MESSAGES.trainingStarted, response);
    },
  );
};
