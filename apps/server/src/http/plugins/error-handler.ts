import type { Envelope } from '@docent/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';

/** Turns every failure into the envelope with a real status code and a message safe to show. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: Envelope = { hasError: true, message: error.message, ...error.extra };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation[0]?.message ?? 'Invalid request';
      return reply.status(400).send({ hasError: true, message } satisfies Envelope);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ hasError: true, message: 'Something went wrong. Please try again.' });
    }
    // Fastify's own 4xx (bad JSON, too large, rate limit …): their messages carry no internals.
    return reply.status(status).send({ hasError: true, message: error.message } satisfies Envelope);
  });
}
