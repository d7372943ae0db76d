import type { AppContext } from '../../app-context.ts';
import { failCrawlSession, runCrawlSession } from '../../ingest/crawl/crawl-runner.ts';
import type { JobPayloads, JobRun } from '../queue.ts';

/** Stage 1 / stage 3 of website training: crawl and list pages (ingest/crawl). */
export const crawlSiteJob = {
  name: 'crawl-site' as const,
  async run(ctx: AppContext, payload: JobPayloads['crawl-site'], run: JobRun): Promise<void> {
    await runCrawlSession(ctx, payload.crawlId, run.signal);
  },
  async failed(ctx: AppContext, payload: JobPayloads['crawl-site'], error: unknown) {
    ctx.log.error({ err: error, crawlId: payload.crawlId }, 'crawl failed');
    await failCrawlSession(ctx, payload.crawlId, 'Crawling failed. Please try again.');
  },
};
