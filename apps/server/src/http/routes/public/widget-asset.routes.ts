import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/app-error.ts';
import { frameAncestorSources } from '../../../modules/embed/origin-policy.ts';
import { findPublicBot } from '../../../modules/embed/public-bot.service.ts';
import { createWidgetAssetLoader, hostedChatPage } from '../../../modules/embed/widget-asset.ts';
import { serverPath } from '../../../server-files.ts';

const DEFAULT_WIDGET_DIST = serverPath('../widget/dist/');
const SHORT_CACHE = 'public, max-age=300';
const LONG_CACHE = 'public, max-age=31536000, immutable';

/**
 * Outside /api: `/widget.js` (what snippets name, cached briefly so fixes reach every site
 * soon), `/widget.js?v=<hash>` and `/widget/<hash>.js` (the same bytes, cached for good), and
 * `/c/<botId>`, the hosted full-page chat.
 */
/** `csp` with one directive's sources replaced (added when absent). */
function withDirective(csp: string, name: string, sources: string[]): string {
  const others = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && d.split(/\s+/)[0] !== name);
  return [...others, `${name} ${sources.join(' ')}`].join(';');
}

export const widgetAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = createWidgetAssetLoader(app.ctx.env.WIDGET_DIST_DIR ?? DEFAULT_WIDGET_DIST);

  async function send(
    request: { headers: Record<string, string | string[] | undefined> },
    reply: import('fastify').FastifyReply,
    immutable: (hash: string) => boolean,
  ) {
    const asset = await load();
    if (!asset) throw notFound('The widget has not been built (npm run build)');
    const etag = `"${asset.hash}"`;
    reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', immutable(asset.hash) ? LONG_CACHE : SHORT_CACHE)
      .header('ETag', etag)
      .header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (gzip) reply.header('Content-Encoding', 'gzip');
    return reply.send(gzip ? asset.gzipped : asset.body);
  }

  app.get(
    '/widget.js',
    { schema: { querystring: z.object({ v: z.string().optional() }) } },
    (request, reply) => send(request, reply, (hash) => request.query.v === hash),
  );
  app.get(
    '/widget/:file',
    { schema: { params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const asset = await load();
      if (!asset || request.params.file !== `${asset.hash}.js`) throw notFound();
      return send(request, reply, () => true);
    },
  );

  app.get(
    '/c/:botId',
    { schema: { params: z.object({ botId: z.string() }) } },
    async (request, reply) => {
      const bot = await findPublicBot(app.ctx, request.params.botId);
      const asset = await load();
      const scriptUrl = asset ? `/widget/${asset.hash}.js` : '/widget.js';
      // Customers put this page in an iframe on their sites: exactly the bot's allowed domains
      // may frame it (the CSP directive decides; the older X-Frame-Options cannot list sites).
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header(
          'Content-Security-Policy',
          withDirective(csp, 'frame-ancestors', frameAncestorSources(bot.domains)),
        )
        .removeHeader('X-Frame-Options')
        .send(hostedChatPage({ botId: bot.id, botName: bot.name, scriptUrl }));
    },
  );
};
