import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it completes. Files of the web app and the widget log
 * at debug: one page load fetches dozens of them, and at info they drowned the API calls and the
 * outbox's mail-link lines a developer follows. Failed file requests still log at info.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const level = isApiCall(request) || reply.statusCode >= 400 ? 'info' : 'debug';
    request.log[level](
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
}

function isApiCall(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/');
}
