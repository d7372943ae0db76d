import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { acceptRequestId, runWithRequestId } from '../lib/request-context.ts';
import { serverPath } from '../server-files.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { acceptEmptyJsonBodies } from './plugins/json-body.ts';
import { rateLimitOptions } from './plugins/rate-limit-store.ts';
import { logRequests } from './plugins/request-log.ts';
import { registerRoutes } from './routes/index.ts';
import { widgetAssetRoutes } from './routes/public/widget-asset.routes.ts';

const DEFAULT_WEB_DIST = serverPath('../web/dist/');
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Builds the whole HTTP app without listening, so tests can drive it with inject(). */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: ctx.env.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    // A load balancer's x-request-id is kept, so its logs and ours name a request alike.
    requestIdHeader: false,
    genReqId: (req) => acceptRequestId(req.headers['x-request-id']),
    // logRequests writes one line per request instead, quieter for static files.
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: true,
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);
  registerErrorHandler(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Jobs queued while handling the request carry its id into the worker.
    runWithRequestId(request.id, done);
  });
  acceptEmptyJsonBodies(app);
  logRequests(app);

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    // The widget script and public assets are loaded from customers' sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 11, fields: 20, fieldSize: 5 * 1024 * 1024 },
  });
  await app.register(rateLimit, await rateLimitOptions(app, ctx));
  await app.register(swagger, {
    openapi: { info: { title: 'Docent API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(registerRoutes, { prefix: '/api' });
  await app.register(widgetAssetRoutes);
  await registerWebApp(app, ctx.env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  return app;
}

/** Serves the built React app with SPA fallback; unknown /api paths stay JSON 404s. */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(`${distDir}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (isPage && hasWeb) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ hasError: true, message: 'Not found' });
  });
}
