import { DATASOURCE_FLOW, type KnowledgeFlow, ONBOARDING_FLOW } from '../knowledge/index.ts';

/** The onboarding website screens and their /datasource twins differ only in routes (docs/spec.md §2). */
export interface WebsiteFlow {
  frame: KnowledgeFlow;
  crawl: string;
  sitemap: string;
  listing: string;
  /** The back arrow of the crawl forms. */
  back: string;
}

export const ONBOARDING_WEBSITE: WebsiteFlow = {
  frame: ONBOARDING_FLOW,
  crawl: '/crawl',
  sitemap: '/sitemap',
  listing: '/crawl-listing',
  back: '/dashboard',
};

export const DATASOURCE_WEBSITE: WebsiteFlow = {
  frame: DATASOURCE_FLOW,
  crawl: '/datasource/crawl',
  sitemap: '/datasource/sitemap',
  listing: '/datasource/website',
  back: '/datasource/website-model',
};
