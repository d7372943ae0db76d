/**
 * The knowledge feature's public face: the text and Q&A screens, the trained-item lists, and
 * what every data-source screen shares (the frame, its route tabs, the flows and training).
 */
export { CsvUpload } from './CsvUpload.tsx';
export {
  DATASOURCE_FLOW,
  type KnowledgeFlow,
  ONBOARDING_FLOW,
  TRAINED_TABS,
  type TrainedTab,
} from './flows.ts';
export { KnowledgeFrame, RouteTabs } from './KnowledgeFrame.tsx';
export { QuestionForm } from './QuestionForm.tsx';
export { QuestionListing } from './QuestionListing.tsx';
export { TextForm, textTabs } from './TextForm.tsx';
export { TextListing } from './TextListing.tsx';
export { TrainedItems } from './TrainedItems.tsx';
export { usePlanCheck } from './use-plan-check.ts';
export { useTraining } from './use-training.tsx';
