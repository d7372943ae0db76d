import {
  CsvUpload,
  DATASOURCE_FLOW,
  ONBOARDING_FLOW,
  QuestionForm,
  QuestionListing,
} from '../../features/knowledge/index.ts';

/** /question */
export function QuestionPage() {
  return <QuestionForm flow={ONBOARDING_FLOW} />;
}

/** /question-listing */
export function QuestionListingPage() {
  return <QuestionListing flow={ONBOARDING_FLOW} />;
}

/** /question-file-upload */
export function QuestionFileUploadPage() {
  return <CsvUpload flow={ONBOARDING_FLOW} />;
}

/** /datasource/question */
export function DatasourceQuestionPage() {
  return <QuestionForm flow={DATASOURCE_FLOW} />;
}

/** /datasource/question-listing */
export function DatasourceQuestionListingPage() {
  return <QuestionListing flow={DATASOURCE_FLOW} />;
}

/** /datasource/csvupload */
export function DatasourceCsvUploadPage() {
  return <CsvUpload flow={DATASOURCE_FLOW} />;
}
