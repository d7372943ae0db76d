import {
  CRAWL_MESSAGES,
  cancelCrawlBody,
  KNOWLEDGE_MESSAGES,
  MESSAGES,
  uploadWebsiteBody,
} from '@docent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import {
  cancelCrawl,
  crawlSnapshot,
  startSitemapCrawl,
  startWebsiteCrawl,
  trainCrawledPages,
} from '../../../modules/website/crawl.service.ts';
import { ok } from '../../envelope.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';

/**
 * upload/website — docs/spec.md §4 staged website training:
 *   stage 1 {website_url, fetch_img_content}: crawl the site; pages stream as `website_parser_list`
 *   stage 3 {website_sitemap, fetch_img_content}: list a sitemap's pages (`sitemap_parser_list`)
 *   stage 2 {selected_urls, bot_id, crawl_id?}: train the kept pages of that (or the latest) crawl
 * GET upload/website/{crawl_id|latest} re-reads the list; POST upload/website/cancel stops a crawl.
 */
export const websiteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upload/website',
    {
      preHandler: requireAuth,
      bodyLimit: 4 * 1024 * 1024,
      schema: { body: uploadWebsiteBody },
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          errorResponseBuilder: () =>
            new AppError(429, 'Too many requests. Please wait a minute and try again.'),
        },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const body = request.body;
      if (body.stage === 1) {
        const started = await startWebsiteCrawl(app.ctx, userId, body);
        return ok(MESSAGES.websitesWillBeLoaded, started);
      }
      if (body.stage === 3) {
        const started = await startSitemapCrawl(app.ctx, userId, body);
        return ok(MESSAGES.websitesWillBeLoaded, started);
      }
      const trained = await trainCrawledPages(app.ctx, userId, body);
      return ok(KNOWLEDGE_MESSAGES.trainingStarted, {
        ...trained,
        // docs/spec.md §3 names the reply's field botId, §4 has the client store bot_id: both are sent.
        bot_id: trained.botId,
        message: KNOWLEDGE_MESSAGES.trainingStarted,
        process_complete: 1,
      });
    },
  );

  app.get(
    '/upload/website/:crawlId',
    {
      preHandler: requireAuth,
      schema: { params: z.object({ crawlId: z.string().trim().min(1).max(64) }) },
    },
    async (request) => {
      const snapshot = await crawlSnapshot(app.ctx, authOf(request).userId, request.params.crawlId);
      return ok(snapshot.message, snapshot);
    },
  );

  app.post(
    '/upload/website/cancel',
    { preHandler: requireAuth, schema: { body: cancelCrawlBody } },
    async (request) => {
      await cancelCrawl(app.ctx, authOf(request).userId, request.body.crawl_id);
      return ok(CRAWL_MESSAGES.crawlCancelled);
    },
  );
};
