import { DATASOURCE_FLOW, ONBOARDING_FLOW } from '../../features/knowledge/flows.ts';
import { FilesUpload } from '../../features/media/FilesUpload.tsx';

/** /pdf-upload */
export function PdfUploadPage() {
  return <FilesUpload flow={ONBOARDING_FLOW} />;
}

/** /datasource/pdf */
export function DatasourcePdfPage() {
  return <FilesUpload flow={DATASOURCE_FLOW} />;
}
