import type { ComponentType } from 'react';

/**
 * Every signed-in route of docs/spec.md §2, in one table. Pages are loaded when first visited (the
 * router's `lazy`), so the landing and sign-in pages do not download the whole dashboard.
 */
export interface PageRoute {
  path: string;
  load: () => Promise<ComponentType>;
}

/** A page export of a module loaded on first visit (the name is checked against the module). */
function page<M>(load: () => Promise<M>, name: keyof M & string): () => Promise<ComponentType> {
  return () => load().then((m) => m[name] as ComponentType);
}

// One chunk per page module; pages of one module (text, Q&A …) share it.
const dashboardPage = () => import('../pages/dashboard/DashboardPage.tsx');
const chatbotAnalyticsPage = () => import('../pages/analytics/ChatbotAnalyticsPage.tsx');
const userProfilePage = () => import('../pages/profile/UserProfilePage.tsx');
const notificationPage = () => import('../pages/notification/NotificationPage.tsx');
const teamListingPage = () => import('../pages/team/TeamListingPage.tsx');
const billingPage = () => import('../pages/billing/BillingPage.tsx');
const crawlPages = () => import('../pages/crawl/CrawlPages.tsx');
const websitePages = () => import('../pages/website/WebsitePages.tsx');
const sitemapPages = () => import('../pages/sitemap/SitemapPages.tsx');
const youtubePages = () => import('../pages/youtube/YoutubePages.tsx');
const textPages = () => import('../pages/text/TextPages.tsx');
const pdfPages = () => import('../pages/pdf/PdfPages.tsx');
const questionPages = () => import('../pages/question/QuestionPages.tsx');
const statusCheckPage = () => import('../pages/status-check/StatusCheckPage.tsx');
const previewPage = () => import('../pages/preview/PreviewPage.tsx');
const chatPage = () => import('../pages/chat/ChatPage.tsx');
const statusPage = () => import('../pages/status/StatusPage.tsx');
const chatbotSettingsPage = () => import('../pages/settings/ChatbotSettingsPage.tsx');
const customizationPage = () => import('../pages/customization/CustomizationPage.tsx');
const trainedItemsPages = () => import('../pages/datasource/TrainedItemsPages.tsx');
const inboxPage = () => import('../pages/inbox/InboxPage.tsx');

export const PROTECTED_ROUTES: PageRoute[] = [
  { path: 'dashboard', load: page(dashboardPage, 'DashboardPage') },
  { path: 'chatbot-analytics', load: page(chatbotAnalyticsPage, 'ChatbotAnalyticsPage') },
  { path: 'user-profile', load: page(userProfilePage, 'UserProfilePage') },
  { path: 'notification', load: page(notificationPage, 'NotificationPage') },
  { path: 'teamlisting', load: page(teamListingPage, 'TeamListingPage') },
  { path: 'billing', load: page(billingPage, 'BillingPage') },
  { path: 'crawl', load: page(crawlPages, 'CrawlPage') },
  { path: 'crawl-listing', load: page(websitePages, 'CrawlListingPage') },
  { path: 'sitemap', load: page(sitemapPages, 'SitemapPage') },
  { path: 'youtube', load: page(youtubePages, 'YoutubePage') },
  { path: 'textupload', load: page(textPages, 'TextUploadPage') },
  { path: 'text-listing', load: page(textPages, 'TextListingPage') },
  { path: 'pdf-upload', load: page(pdfPages, 'PdfUploadPage') },
  { path: 'question', load: page(questionPages, 'QuestionPage') },
  { path: 'question-listing', load: page(questionPages, 'QuestionListingPage') },
  { path: 'question-file-upload', load: page(questionPages, 'QuestionFileUploadPage') },
  { path: 'status-check', load: page(statusCheckPage, 'StatusCheckPage') },
  { path: 'preview', load: page(previewPage, 'PreviewPage') },
  { path: 'chat', load: page(chatPage, 'ChatPage') },
  { path: 'status', load: page(statusPage, 'StatusPage') },
  { path: 'chatbot-settings', load: page(chatbotSettingsPage, 'ChatbotSettingsPage') },
  { path: 'customization', load: page(customizationPage, 'CustomizationPage') },
  { path: 'inbox', load: page(inboxPage, 'InboxPage') },
];

/** Children of /datasource (docs/spec.md §2 "Datasource area"). */
export const DATASOURCE_ROUTES: PageRoute[] = [
  { path: 'crawl', load: page(crawlPages, 'DatasourceCrawlPage') },
  { path: 'website', load: page(websitePages, 'DatasourceWebsitePage') },
  { path: 'website-model', load: page(trainedItemsPages, 'WebsiteModelPage') },
  { path: 'sitemap', load: page(sitemapPages, 'DatasourceSitemapPage') },
  { path: 'text', load: page(textPages, 'DatasourceTextPage') },
  { path: 'text-listing', load: page(textPages, 'DatasourceTextListingPage') },
  { path: 'text-model', load: page(trainedItemsPages, 'TextModelPage') },
  { path: 'pdf', load: page(pdfPages, 'DatasourcePdfPage') },
  { path: 'question', load: page(questionPages, 'DatasourceQuestionPage') },
  { path: 'question-listing', load: page(questionPages, 'DatasourceQuestionListingPage') },
  { path: 'question-model', load: page(trainedItemsPages, 'QuestionModelPage') },
  { path: 'csvupload', load: page(questionPages, 'DatasourceCsvUploadPage') },
  { path: 'youtube', load: page(youtubePages, 'DatasourceYoutubePage') },
  { path: 'youtube-model', load: page(trainedItemsPages, 'YoutubeModelPage') },
];

/** The route's `lazy` for the data router. */
export function lazyPage(route: PageRoute) {
  return async () => ({ Component: await route.load() });
}
