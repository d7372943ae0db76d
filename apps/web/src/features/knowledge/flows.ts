/**
 * The onboarding screens and their /datasource twins share components; only the routes they
 * link to differ (docs/spec.md §2 "Datasource area").
 */
export interface KnowledgeFlow {
  kind: 'onboarding' | 'datasource';
  textForm: string;
  textListing: string;
  files: string;
  questionForm: string;
  questionListing: string;
  csvUpload: string;
  /** Where the back arrow of the first screen of a family leads. */
  textBack: string;
  questionBack: string;
}

export const ONBOARDING_FLOW: KnowledgeFlow = {
  kind: 'onboarding',
  textForm: '/textupload',
  textListing: '/text-listing',
  files: '/pdf-upload',
  questionForm: '/question',
  questionListing: '/question-listing',
  csvUpload: '/question-file-upload',
  textBack: '/dashboard',
  questionBack: '/dashboard',
};

export const DATASOURCE_FLOW: KnowledgeFlow = {
  kind: 'datasource',
  textForm: '/datasource/text',
  textListing: '/datasource/text-listing',
  files: '/datasource/pdf',
  questionForm: '/datasource/question',
  questionListing: '/datasource/question-listing',
  csvUpload: '/datasource/csvupload',
  textBack: '/datasource/text-model',
  questionBack: '/datasource/question-model',
};

/** Trained-items lists (docs/spec.md §2): the tab bar order, their source types and empty redirects. */
export interface TrainedTab {
  label: string;
  path: string;
  sourceType: 1 | 2 | 3 | 4;
  emptyRedirect: string;
}

export const TRAINED_TABS: readonly TrainedTab[] = [
  {
    label: 'Website',
    path: '/datasource/website-model',
    sourceType: 1,
    emptyRedirect: '/datasource/crawl',
  },
  {
    label: 'Text & Files',
    path: '/datasource/text-model',
    sourceType: 3,
    emptyRedirect: '/datasource/text',
  },
  {
    label: 'QA',
    path: '/datasource/question-model',
    sourceType: 2,
    emptyRedirect: '/datasource/text',
  },
  {
    label: 'Youtube',
    path: '/datasource/youtube-model',
    sourceType: 4,
    emptyRedirect: '/datasource/text',
  },
];
