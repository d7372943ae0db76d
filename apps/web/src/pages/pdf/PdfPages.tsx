import { DATASOURCE_FLOW, ONBOARDING_FLOW } from '../../features/knowledge/index.ts';
import { FilesUpload } from '../../features/media/index.ts';

/** /pdf-upload */
export function PdfUploadPage() {
  return <FilesUpload flow={ONBOARDING_FLOW} />;
}

/** /datasource/pdf */
export function DatasourcePdfPage() {
  return <FilesUpload flow={DATASOURCE_FLOW} />;
}
