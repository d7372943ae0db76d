import { DATASOURCE_FLOW, ONBOARDING_FLOW } from '../../features/knowledge/index.ts';
import { YoutubeTranscript } from '../../features/media/index.ts';

/** /youtube */
export function YoutubePage() {
  return <YoutubeTranscript flow={ONBOARDING_FLOW} back="/dashboard" />;
}

/** /datasource/youtube */
export function DatasourceYoutubePage() {
  return <YoutubeTranscript flow={DATASOURCE_FLOW} back="/datasource/youtube-model" />;
}
