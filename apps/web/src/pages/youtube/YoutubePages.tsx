import { DATASOURCE_FLOW, ONBOARDING_FLOW } from '../../features/knowledge/flows.ts';
import { YoutubeTranscript } from '../../features/media/YoutubeTranscript.tsx';

/** /youtube */
export function YoutubePage() {
  return <YoutubeTranscript flow={ONBOARDING_FLOW} back="/dashboard" />;
}

/** /datasource/youtube */
export function DatasourceYoutubePage() {
  return <YoutubeTranscript flow={DATASOURCE_FLOW} back="/datasource/youtube-model" />;
}
