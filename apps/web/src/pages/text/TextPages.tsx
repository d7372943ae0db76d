import { DATASOURCE_FLOW, ONBOARDING_FLOW } from '../../features/knowledge/flows.ts';
import { TextForm } from '../../features/knowledge/TextForm.tsx';
import { TextListing } from '../../features/knowledge/TextListing.tsx';

/** /textupload */
export function TextUploadPage() {
  return <TextForm flow={ONBOARDING_FLOW} />;
}

/** /text-listing */
export function TextListingPage() {
  return <TextListing flow={ONBOARDING_FLOW} />;
}

/** /datasource/text */
export function DatasourceTextPage() {
  return <TextForm flow={DATASOURCE_FLOW} />;
}

/** /datasource/text-listing */
export function DatasourceTextListingPage() {
  return <TextListing flow={DATASOURCE_FLOW} />;
}
