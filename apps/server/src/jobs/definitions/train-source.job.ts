import type { AppContext } from '../../http/context.ts';
import {
  failSource,
  type IngestDocument,
  ingestSource,
  type PipelineDeps,
} from '../../ingest/pipeline.ts';
import { websiteDocumentCount, websiteDocuments } from '../../ingest/sources/crawl.ts';
import { imageDocumentCount, imageDocuments } from '../../ingest/sources/images.ts';
import { pdfDocumentCount, pdfDocuments } from '../../ingest/sources/pdf.ts';
import { qaDocumentCount, qaDocuments } from '../../ingest/sources/qa.ts';
import { sitemapDocumentCount, sitemapDocuments } from '../../ingest/sources/sitemap.ts';
import { textDocumentCount, textDocuments } from '../../ingest/sources/text.ts';
import { youtubeDocumentCount, youtubeDocuments } from '../../ingest/sources/youtube.ts';
import { listPendingSourceIds } from '../../modules/sources/sources.repo.ts';
import { createTrainingNotifier } from '../../modules/sources/training-status.service.ts';
import type { JobPayloads, JobRun } from '../queue.ts';
import { pipelineEmbedder } from './embed-bot.job.ts';

/** How each source type turns its stored input into documents. */
export interface SourceLoader {
  /** `ctx` for sources whose content already lives in the database (crawled pages). */
  documents(input: unknown, ctx: AppContext): AsyncIterable<IngestDocument>;
  count(input: unknown): number | null;
}

/** One line per source type; other source families (website, pdf, youtube …) add theirs. */
export const SOURCE_LOADERS: Record<string, SourceLoader> = {
  text: { documents: textDocuments, count: textDocumentCount },
  qa: { documents: qaDocuments, count: qaDocumentCount },
  csv: { documents: qaDocuments, count: qaDocumentCount },
  pdf: { documents: pdfDocuments, count: pdfDocumentCount },
  images: { documents: imageDocuments, count: imageDocumentCount },
  youtube: { documents: youtubeDocuments, count: youtubeDocumentCount },
  website: { documents: websiteDocuments, count: websiteDocumentCount },
  sitemap: { documents: sitemapDocuments, count: sitemapDocumentCount },
};

export function pipelineDeps(ctx: AppContext): PipelineDeps {
  const embeddings = pipelineEmbedder(ctx);
  return {
    db: ctx.db,
    log: ctx.log,
    notify: createTrainingNotifier({
      db: ctx.db,
      log: ctx.log,
      realtime: ctx.realtime,
      publicUrl: ctx.env.publicUrl,
    }),
    searchVacuum: ctx.searchVacuum,
    ...(embeddings ? { embeddings } : {}),
  };
}

/** Trains one source: its documents through the pipeline, then the bot's counts and state. */
export const trainSourceJob = {
  name: 'train-source' as const,
  async run(ctx: AppContext, payload: JobPayloads['train-source'], run: JobRun): Promise<void> {
    const loaderOf = (type: string) => {
      const loader = SOURCE_LOADERS[type];
      if (!loader) throw new Error(`No loader for source type ${type}`);
      return loader;
    };
    const result = await ingestSource(pipelineDeps(ctx), {
      sourceId: payload.sourceId,
      documents: (source) => loaderOf(source.type).documents(source.input, ctx),
      documentsTotal: (source) => loaderOf(source.type).count(source.input),
      signal: run.signal,
    });
    ctx.log.info({ sourceId: payload.sourceId, ...result, attempt: run.attempt }, 'source trained');
  },
  async failed(ctx: AppContext, payload: JobPayloads['train-source'], error: unknown) {
    const message = error instanceof Error ? error.message : 'Training failed';
    await failSource(pipelineDeps(ctx), payload.sourceId, `Training failed: ${message}`);
  },
};

/**
 * A source is recorded before its job is queued; if the process died in between, the source
 * would wait forever. At worker start every pending source is queued again (the dedupe key
 * makes this a no-op for sources whose job is still queued or running).
 */
export async function requeuePendingSources(ctx: AppContext): Promise<number> {
  const ids = await listPendingSourceIds(ctx.db);
  for (const sourceId of ids) {
    await ctx.jobs.enqueue('train-source', { sourceId }, { dedupeKey: trainSourceKey(sourceId) });
  }
  return ids.length;
}

export const trainSourceKey = (sourceId: string) => `train-source:${sourceId}`;
