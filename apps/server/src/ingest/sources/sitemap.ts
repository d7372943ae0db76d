import type { SafeFetchOptions } from '../../lib/safe-fetch.ts';
import { listSitemap, type SitemapListing } from '../crawl/sitemap-reader.ts';

export {
  websiteDocumentCount as sitemapDocumentCount,
  websiteDocuments as sitemapDocuments,
} from './crawl.ts';

/**
 * Sitemap source, stage 3: the page addresses a sitemap (or sitemap index, .xml.gz included)
 * lists, capped at the plan's pages per crawl. The crawl job then fetches those pages.
 */
export function listSitemapPages(
  sitemapUrl: string,
  maxPages: number,
  fetchOpts: SafeFetchOptions,
): Promise<SitemapListing> {
  return listSitemap(sitemapUrl, { maxUrls: maxPages }, fetchOpts);
}
