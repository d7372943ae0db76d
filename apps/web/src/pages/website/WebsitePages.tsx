import { CrawlListing } from '../../features/website/CrawlListing.tsx';
import { DATASOURCE_WEBSITE, ONBOARDING_WEBSITE } from '../../features/website/website-flows.ts';

/** /crawl-listing */
export function CrawlListingPage() {
  return <CrawlListing flow={ONBOARDING_WEBSITE} />;
}

/** /datasource/website */
export function DatasourceWebsitePage() {
  return <CrawlListing flow={DATASOURCE_WEBSITE} />;
}
