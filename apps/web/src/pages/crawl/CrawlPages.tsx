import { CrawlForm, DATASOURCE_WEBSITE, ONBOARDING_WEBSITE } from '../../features/website/index.ts';

/** /crawl */
export function CrawlPage() {
  return <CrawlForm flow={ONBOARDING_WEBSITE} mode="website" />;
}

/** /datasource/crawl */
export function DatasourceCrawlPage() {
  return <CrawlForm flow={DATASOURCE_WEBSITE} mode="website" />;
}
