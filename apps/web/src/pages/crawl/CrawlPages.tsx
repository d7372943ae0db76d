import { CrawlForm } from '../../features/website/CrawlForm.tsx';
import { DATASOURCE_WEBSITE, ONBOARDING_WEBSITE } from '../../features/website/website-flows.ts';

/** /crawl */
export function CrawlPage() {
  return <CrawlForm flow={ONBOARDING_WEBSITE} mode="website" />;
}

/** /datasource/crawl */
export function DatasourceCrawlPage() {
  return <CrawlForm flow={DATASOURCE_WEBSITE} mode="website" />;
}
