import type {
  CsvTrainingJson,
  DataRemoveBody,
  PlanCheckBody,
  PlanCheckResponse,
  QaTrainingJson,
  TextTrainingBody,
  TrainedItem,
  TrainedListBody,
  TrainingResponse,
  TrainingTarget,
} from '@docent/shared';
import { api } from '../../lib/api.ts';
import type { ContentItem } from './drafts.ts';

export function trainTexts(
  items: readonly ContentItem[],
  charCount: number,
  target: TrainingTarget,
) {
  const body: TextTrainingBody = {
    content_list: items.map(({ title, content }) => ({ title, content })),
    stage: 1,
    char_count: charCount,
    bot_count: 1,
    ...target,
  };
  return api<TrainingResponse>('upload/text', { json: body });
}

export function trainQuestions(
  items: readonly ContentItem[],
  charCount: number,
  target: TrainingTarget,
) {
  const json: QaTrainingJson = {
    stage: 2,
    question_answer: items.map(({ title, content }) => ({ title, content })),
    char_count: charCount,
    bot_count: 1,
    ...target,
  };
  const form = new FormData();
  form.append('json_data', JSON.stringify(json));
  return api<TrainingResponse>('upload/question_answers', { form });
}

export interface CsvImport {
  file: File;
  questions: string;
  answers: string;
  charCount: number;
}

/** The server takes CSV imports on the Q&A path, told apart by `stage` 1 and the file part. */
export function importCsv(
  { file, questions, answers, charCount }: CsvImport,
  target: TrainingTarget,
) {
  const json: CsvTrainingJson = {
    stage: 1,
    questions,
    answers,
    char_count: charCount,
    bot_count: 1,
    ...target,
  };
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('json_data', JSON.stringify(json));
  return api<TrainingResponse>('upload/question_answers', { form });
}

export async function fetchTrainedItems(sourceType: number, botId: string): Promise<TrainedItem[]> {
  const body: TrainedListBody = { source_type: sourceType, bot_id: botId };
  return (await api<TrainedItem[]>('source/get-details', { json: body })).response;
}

export function removeTrainedItem(botId: string, title: string) {
  return api('source/data-remove', { json: { bot_id: botId, title } satisfies DataRemoveBody });
}

export function checkBotPrivilege() {
  return api<PlanCheckResponse>('plan_check/user-privilege', {
    json: { bot_count: 1 } satisfies PlanCheckBody,
  });
}
