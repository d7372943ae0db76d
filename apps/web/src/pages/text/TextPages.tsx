import {
  DATASOURCE_FLOW,
  ONBOARDING_FLOW,
  TextForm,
  TextListing,
} from '../../features/knowledge/index.ts';

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
