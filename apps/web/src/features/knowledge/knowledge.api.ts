import type { Envelope, StatusResponse } from '@docent/shared';
import type { ContentItem } from '../../app/app-state.tsx';
import { api } from '../../lib/api.ts';

/** What a training call answers (spec §7): the stage plus the bot it trained. */
export interface TrainingReply {
  stage?: number;
  botId?: string;
  bot_id?: string;
  bot_name?: string;
}

/** Every training call names the stored bot, or none to create one (spec §7, §9). */
type BotRef = string | null;

export function trainTexts(items: readonly ContentItem[], charCount: number, botId: BotRef) {
  return api<TrainingReply>('upload/text', {
    json: {
      content_list: items.map(({ title, content }) => ({ title, content })),
      stage: 1,
      char_count: charCount,
      bot_count: 1,
      bot_id: botId,
    },
  });
}

export function trainQuestions(items: readonly ContentItem[], charCount: number, botId: BotRef) {
  const form = new FormData();
  form.append(
    'json_data',
    JSON.stringify({
      stage: 2,
      question_answer: items.map(({ title, content }) => ({ title, content })),
      char_count: charCount,
      bot_count: 1,
      bot_id: botId,
    }),
  );
  return api<TrainingReply>('upload/question_answers', { form });
}

export interface CsvImport {
  file: File;
  questions: string;
  answers: string;
  charCount: number;
}

export function importCsv({ file, questions, answers, charCount }: CsvImport, botId: BotRef) {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append(
    'json_data',
    JSON.stringify({
      stage: 1,
      questions,
      answers,
      char_count: charCount,
      bot_count: 1,
      bot_id: botId,
    }),
  );
  return api<TrainingReply>(CSV_UPLOAD_PATH, { form });
}

/** The server takes CSV imports on the Q&A path, told apart by `stage` 1 and the file part. */
export const CSV_UPLOAD_PATH = 'upload/question_answers';

/** The id and name of the bot a training reply names, in either spelling. */
export function trainedBot(reply: Envelope<TrainingReply>): { id: string; name: string } | null {
  const id = reply.response?.botId ?? reply.response?.bot_id;
  if (!id) return null;
  return { id: String(id), name: reply.response?.bot_name ?? '' };
}

export function fetchBotStatus(botId: string) {
  return api<Partial<StatusResponse>>('upload/status', { json: { botId } });
}

export interface TrainedItem {
  title: string;
  content: string;
  type: string;
}

export async function fetchTrainedItems(sourceType: number, botId: string): Promise<TrainedItem[]> {
  const reply = await api<unknown>('source/get-details', {
    json: { source_type: sourceType, bot_id: botId },
  });
  return toTrainedItems(reply.response);
}

/** Accepts the list bare or wrapped (`{ data: [...] }`, `{ items: [...] }`). */
function toTrainedItems(value: unknown): TrainedItem[] {
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? (Object.values(value).find(Array.isArray) ?? [])
      : [];
  return (list as Partial<TrainedItem>[]).map((item) => ({
    title: String(item.title ?? ''),
    content: String(item.content ?? ''),
    type: String(item.type ?? ''),
  }));
}

export function removeTrainedItem(botId: string, title: string) {
  return api('source/data-remove', { json: { bot_id: botId, title } });
}

export function checkBotPrivilege() {
  return api('plan_check/user-privilege', { json: { bot_count: 1 } });
}

export function deleteBot(botId: string) {
  return api('user/delete_bot', { json: { bot_id: botId } });
}

export interface GeneralSettings {
  agent_name: string;
  business_name: string;
  base_prompt: string;
  total_chars: number;
}

export async function fetchGeneralSettings(botId: string): Promise<GeneralSettings> {
  const reply = await api<Partial<GeneralSettings>>(
    `settings/general_settings/${encodeURIComponent(botId)}`,
  );
  const r = reply.response ?? {};
  return {
    agent_name: r.agent_name ?? '',
    business_name: r.business_name ?? '',
    base_prompt: r.base_prompt ?? '',
    total_chars: Number(r.total_chars ?? 0),
  };
}

export function saveGeneralSettings(
  botId: string,
  values: Pick<GeneralSettings, 'agent_name' | 'business_name' | 'base_prompt'>,
) {
  return api('settings/general_settings', { json: { bot_id: botId, ...values } });
}
