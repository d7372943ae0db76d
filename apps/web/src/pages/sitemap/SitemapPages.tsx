import { CrawlForm, DATASOURCE_WEBSITE, ONBOARDING_WEBSITE } from '../../features/website/index.ts';

/** /sitemap */
export function SitemapPage() {
  return <CrawlForm flow={ONBOARDING_WEBSITE} mode="sitemap" />;
}

/** /datasource/sitemap */
export function DatasourceSitemapPage() {
  return <CrawlForm flow={DATASOURCE_WEBSITE} mode="sitemap" />;
}
