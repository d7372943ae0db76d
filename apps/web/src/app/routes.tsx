import type { ReactNode } from 'react';
import { ChatbotAnalyticsPage } from '../pages/analytics/ChatbotAnalyticsPage.tsx';
import { BillingPage } from '../pages/billing/BillingPage.tsx';
import { ChatPage } from '../pages/chat/ChatPage.tsx';
import { CrawlPage, DatasourceCrawlPage } from '../pages/crawl/CrawlPages.tsx';
import { CustomizationPage } from '../pages/customization/CustomizationPage.tsx';
import { DashboardPage } from '../pages/dashboard/DashboardPage.tsx';
import {
  QuestionModelPage,
  TextModelPage,
  WebsiteModelPage,
  YoutubeModelPage,
} from '../pages/datasource/TrainedItemsPages.tsx';
import { NotificationPage } from '../pages/notification/NotificationPage.tsx';
import { DatasourcePdfPage, PdfUploadPage } from '../pages/pdf/PdfPages.tsx';
import { PreviewPage } from '../pages/preview/PreviewPage.tsx';
import { UserProfilePage } from '../pages/profile/UserProfilePage.tsx';
import {
  DatasourceCsvUploadPage,
  DatasourceQuestionListingPage,
  DatasourceQuestionPage,
  QuestionFileUploadPage,
  QuestionListingPage,
  QuestionPage,
} from '../pages/question/QuestionPages.tsx';
import { ChatbotSettingsPage } from '../pages/settings/ChatbotSettingsPage.tsx';
import { DatasourceSitemapPage, SitemapPage } from '../pages/sitemap/SitemapPages.tsx';
import { StatusPage } from '../pages/status/StatusPage.tsx';
import { StatusCheckPage } from '../pages/status-check/StatusCheckPage.tsx';
import { TeamListingPage } from '../pages/team/TeamListingPage.tsx';
import {
  DatasourceTextListingPage,
  DatasourceTextPage,
  TextListingPage,
  TextUploadPage,
} from '../pages/text/TextPages.tsx';
import { CrawlListingPage, DatasourceWebsitePage } from '../pages/website/WebsitePages.tsx';
import { DatasourceYoutubePage, YoutubePage } from '../pages/youtube/YoutubePages.tsx';
import { ComingSoon } from './ComingSoon.tsx';

/**
 * Every signed-in route of spec §2, in one table. A route without `element` shows the
 * ComingSoon placeholder titled `title`; a later issue sets `element` to its page.
 */
export interface PageRoute {
  path: string;
  title: string;
  element?: ReactNode;
}

export const PROTECTED_ROUTES: PageRoute[] = [
  { path: 'dashboard', title: 'Dashboard', element: <DashboardPage /> },
  { path: 'chatbot-analytics', title: 'Dashboard', element: <ChatbotAnalyticsPage /> },
  { path: 'user-profile', title: 'Your Profile', element: <UserProfilePage /> },
  { path: 'notification', title: 'Notification', element: <NotificationPage /> },
  { path: 'teamlisting', title: 'Team', element: <TeamListingPage /> },
  { path: 'billing', title: 'Billing', element: <BillingPage /> },
  { path: 'crawl', title: 'Crawl New Website', element: <CrawlPage /> },
  {
    path: 'crawl-listing',
    title: 'Choose Pages and Import Custom Data',
    element: <CrawlListingPage />,
  },
  { path: 'sitemap', title: 'Crawl sitemap', element: <SitemapPage /> },
  { path: 'youtube', title: 'Youtube', element: <YoutubePage /> },
  { path: 'textupload', title: 'Text & Files', element: <TextUploadPage /> },
  { path: 'text-listing', title: 'Generate Q&A', element: <TextListingPage /> },
  { path: 'pdf-upload', title: 'Files', element: <PdfUploadPage /> },
  { path: 'question', title: 'Add Manually', element: <QuestionPage /> },
  { path: 'question-listing', title: 'Imported Q&As', element: <QuestionListingPage /> },
  { path: 'question-file-upload', title: 'Import .CSV', element: <QuestionFileUploadPage /> },
  { path: 'status-check', title: 'Status Check', element: <StatusCheckPage /> },
  { path: 'preview', title: 'Preview', element: <PreviewPage /> },
  { path: 'chat', title: 'Chat', element: <ChatPage /> },
  { path: 'status', title: 'Embed & Integrate', element: <StatusPage /> },
  { path: 'chatbot-settings', title: 'AI General Settings', element: <ChatbotSettingsPage /> },
  { path: 'customization', title: 'Branding Settings', element: <CustomizationPage /> },
];

/** Children of /datasource (spec §2 "Datasource area"). */
export const DATASOURCE_ROUTES: PageRoute[] = [
  { path: 'crawl', title: 'All Pages', element: <DatasourceCrawlPage /> },
  { path: 'website', title: 'Crawled URLs', element: <DatasourceWebsitePage /> },
  { path: 'website-model', title: 'Trained items', element: <WebsiteModelPage /> },
  { path: 'sitemap', title: 'Sitemap', element: <DatasourceSitemapPage /> },
  { path: 'text', title: 'Text & Files', element: <DatasourceTextPage /> },
  { path: 'text-listing', title: 'Generate Q&A', element: <DatasourceTextListingPage /> },
  { path: 'text-model', title: 'Trained items', element: <TextModelPage /> },
  { path: 'pdf', title: 'Files', element: <DatasourcePdfPage /> },
  { path: 'question', title: 'Add Manually', element: <DatasourceQuestionPage /> },
  { path: 'question-listing', title: 'Imported Q&As', element: <DatasourceQuestionListingPage /> },
  { path: 'question-model', title: 'Trained items', element: <QuestionModelPage /> },
  { path: 'csvupload', title: 'Import .CSV', element: <DatasourceCsvUploadPage /> },
  { path: 'youtube', title: 'Youtube', element: <DatasourceYoutubePage /> },
  { path: 'youtube-model', title: 'Trained items', element: <YoutubeModelPage /> },
];

export function elementOf(route: PageRoute): ReactNode {
  return route.element ?? <ComingSoon title={route.title} />;
}
