import type { FastifyInstance } from 'fastify';

/**
 * Fastify refuses an empty body sent with a JSON content type (400). Clients written from the
 * spec send exactly that on body-less calls (auth/logout, auth/delete-account): an empty JSON
 * body counts as no body. Everything else goes to Fastify's own parser (prototype-poisoning
 * protection and body limit included).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
