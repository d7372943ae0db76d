import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { pageTextsByUrls } from '../crawl/crawl.repo.ts';
import type { IngestDocument } from '../pipeline.ts';

/**
 * Website source (stage 2 of a crawl or sitemap listing): the pages the user kept, read from
 * the texts the crawl stored, so training uses exactly what the review table showed.
 */
export interface WebsiteSourceInput {
  crawl_id: string;
  urls: string[];
}

const BATCH = 50;

export async function* websiteDocuments(
  input: WebsiteSourceInput,
  deps: { db: Kysely<DB> },
): AsyncIterable<IngestDocument> {
  const { crawl_id, urls } = input;
  for (let i = 0; i < urls.length; i += BATCH) {
    const batch = urls.slice(i, i + BATCH);
    const rows = new Map((await pageTextsByUrls(deps.db, crawl_id, batch)).map((r) => [r.url, r]));
    for (const url of batch) {
      const row = rows.get(url);
      if (row) {
        yield {
          title: row.title || url,
          text: row.content,
          url,
          kind: 'web',
          links: row.link_contexts,
        };
      }
    }
  }
}

export const websiteDocumentCount = (input: WebsiteSourceInput) => input.urls.length;
