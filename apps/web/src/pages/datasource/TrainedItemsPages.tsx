import { TRAINED_TABS, TrainedItems, type TrainedTab } from '../../features/knowledge/index.ts';

function tabAt(path: string): TrainedTab {
  const tab = TRAINED_TABS.find((t) => t.path === path);
  if (!tab) throw new Error(`No trained-items tab for ${path}`);
  return tab;
}

/** /datasource/website-model */
export function WebsiteModelPage() {
  return <TrainedItems tab={tabAt('/datasource/website-model')} />;
}

/** /datasource/text-model */
export function TextModelPage() {
  return <TrainedItems tab={tabAt('/datasource/text-model')} />;
}

/** /datasource/question-model */
export function QuestionModelPage() {
  return <TrainedItems tab={tabAt('/datasource/question-model')} />;
}

/** /datasource/youtube-model */
export function YoutubeModelPage() {
  return <TrainedItems tab={tabAt('/datasource/youtube-model')} />;
}
