/** The website feature's public face: crawl and sitemap forms and the page review. */
export { CrawlForm } from './CrawlForm.tsx';
export { CrawlListing } from './CrawlListing.tsx';
export { DATASOURCE_WEBSITE, ONBOARDING_WEBSITE } from './website-flows.ts';
