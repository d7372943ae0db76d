/** The analytics feature's public face: the page's sections, hooks and the CSV download. */
export { AnalyticsFilters } from './AnalyticsFilters.tsx';
export { AnalyticsOverview, CountingHelp } from './AnalyticsOverview.tsx';
export { scopeQuery, useAnalyticsSummary, useKnowledgeGaps } from './analytics.api.ts';
export { downloadCsv } from './download.ts';
export { KnowledgeGaps } from './KnowledgeGaps.tsx';
export { LoadError } from './LoadError.tsx';
export { useAnalyticsParams } from './use-analytics-params.ts';
