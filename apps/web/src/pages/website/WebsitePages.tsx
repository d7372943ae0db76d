import {
  CrawlListing,
  DATASOURCE_WEBSITE,
  ONBOARDING_WEBSITE,
} from '../../features/website/index.ts';

/** /crawl-listing */
export function CrawlListingPage() {
  return <CrawlListing flow={ONBOARDING_WEBSITE} />;
}

/** /datasource/website */
export function DatasourceWebsitePage() {
  return <CrawlListing flow={DATASOURCE_WEBSITE} />;
}
