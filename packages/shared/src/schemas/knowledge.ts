import { z } from 'zod';
import { MESSAGES } from '../core/messages.ts';
import { trainingTargetFields } from './bot-name.ts';
import type { CrawledPageItem, CrawlListMeta, CrawlMessageEvent } from './crawl.ts';

/** Messages of the knowledge area that the spec does not fix; API and web app share them. */
export const KNOWLEDGE_MESSAGES = {
  botRequired: 'Please select a chatbot',
  invalidStage: 'Invalid training stage',
  titleRequired: 'Please enter title',
  invalidSourceType: 'Invalid source type',
  itemNotFound: 'No trained item with this title',
  botNotFound: 'Chatbot not found',
  fieldTooLong: (label: string, max: number) =>
    `${label} must be at most ${max.toLocaleString('en-US')} characters`,
  trainingStarted: 'Training started',
  botDeleted: 'Chatbot deleted successfully',
  dataRemoved: 'Data removed successfully',
  settingsSaved: 'Settings saved successfully',
  planOk: 'You can add a new chatbot',
  csvNotText: 'The file is not a readable CSV file',
} as const;

export const SOURCE_TYPES = { website: 1, question: 2, textAndFiles: 3, youtube: 4 } as const;

/** Training calls may omit the bot id (trainingTargetFields: a new bot is made); other endpoints need one. */
export const requiredBotId = z
  .union([z.string(), z.number()], { error: KNOWLEDGE_MESSAGES.botRequired })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', { error: KNOWLEDGE_MESSAGES.botRequired });

/** Client-side claims the server ignores (it recomputes them), accepted for compatibility. */
const claimed = z.union([z.number(), z.string(), z.null()]).optional();

const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)).trim());

/** POST upload/text (stage 1). */
export const textTrainingBody = z
  .object({
    content_list: z
      .array(z.object({ title: text, content: text }).loose(), {
        error: MESSAGES.noContentToTrain,
      })
      .optional()
      .transform((v) => v ?? []),
    stage: z.coerce.number().optional().default(1),
    char_count: claimed,
    bot_count: claimed,
    ...trainingTargetFields,
  })
  .superRefine((b, ctx) => {
    if (b.stage !== 1)
      return void ctx.addIssue({ code: 'custom', message: KNOWLEDGE_MESSAGES.invalidStage });
    if (b.content_list.length === 0) {
      return void ctx.addIssue({ code: 'custom', message: MESSAGES.noContentToTrain });
    }
    if (b.content_list.some((i) => i.title === '')) {
      return void ctx.addIssue({ code: 'custom', message: MESSAGES.enterTitle });
    }
    if (b.content_list.some((i) => i.content === '')) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.enterTextContent });
    }
  });
export type TextTrainingBody = z.input<typeof textTrainingBody>;

/** A Q&A item: the web app sends {title, content}; {question, answer} is accepted too. */
const qaItem = z
  .object({ title: text, content: text, question: text, answer: text })
  .loose()
  .transform((i) => ({ question: i.title || i.question, answer: i.content || i.answer }));

/** upload/question_answers json_data for manual Q&A (stage 2). */
export const qaTrainingJson = z
  .object({
    question_answer: z
      .array(qaItem, { error: MESSAGES.noQaToTrain })
      .optional()
      .transform((v) => v ?? []),
    stage: z.coerce.number().optional().default(2),
    char_count: claimed,
    bot_count: claimed,
    ...trainingTargetFields,
  })
  .superRefine((b, ctx) => {
    if (b.stage !== 2)
      return void ctx.addIssue({ code: 'custom', message: KNOWLEDGE_MESSAGES.invalidStage });
    if (b.question_answer.length === 0) {
      return void ctx.addIssue({ code: 'custom', message: MESSAGES.noQaToTrain });
    }
    if (b.question_answer.some((i) => i.question === '' || i.answer === '')) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.addQuestionAnswer });
    }
  });
export type QaTrainingJson = z.input<typeof qaTrainingJson>;

/** upload/question_answers json_data when a CSV `file` part is present (stage 1). */
export const csvTrainingJson = z
  .object({
    questions: text,
    answers: text,
    stage: z.coerce.number().optional().default(1),
    char_count: claimed,
    bot_count: claimed,
    ...trainingTargetFields,
  })
  // Column choice is checked against the file's header by the server (after emptiness).
  .refine((b) => b.stage === 1, { message: KNOWLEDGE_MESSAGES.invalidStage });
export type CsvTrainingJson = z.input<typeof csvTrainingJson>;

/** Reply of every training call. */
export interface TrainingResponse {
  stage: number;
  botId: string;
  bot_name: string;
}

export const botIdBody = z.object({ bot_id: requiredBotId });
export type BotIdBody = z.input<typeof botIdBody>;

export interface BotListItem {
  bot_id: string;
  bot_name: string;
  messages: number;
  conversations: number;
  resolutions: number;
  train_ai: boolean;
  first_message: boolean;
  image_training: boolean;
  customize_bot: boolean;
  embed_and_integrate: boolean;
  status: 'pending' | 'processing' | 'trained' | 'failed';
  total_chars: number;
}
export interface BotListResponse {
  bot_details: BotListItem[];
}

/** POST source/get-details. */
export const trainedListBody = z.object({
  source_type: z.coerce
    .number({ error: KNOWLEDGE_MESSAGES.invalidSourceType })
    .int({ error: KNOWLEDGE_MESSAGES.invalidSourceType })
    .min(1, { error: KNOWLEDGE_MESSAGES.invalidSourceType })
    .max(4, { error: KNOWLEDGE_MESSAGES.invalidSourceType }),
  bot_id: requiredBotId,
});
export type TrainedListBody = z.input<typeof trainedListBody>;

export interface TrainedItem {
  title: string;
  content: string;
  /** The source family: 'text', 'pdf', 'images', 'qa', 'csv', 'website', 'sitemap', 'youtube'. */
  type: string;
  status: 'Trained';
}

/** POST source/data-remove. */
export const dataRemoveBody = z.object({
  bot_id: requiredBotId,
  title: z
    .string({ error: KNOWLEDGE_MESSAGES.titleRequired })
    .refine((v) => v.trim() !== '', { error: KNOWLEDGE_MESSAGES.titleRequired }),
});
export type DataRemoveBody = z.input<typeof dataRemoveBody>;

/** POST plan_check/user-privilege. */
export const planCheckBody = z.object({
  bot_count: z.coerce.number().int().min(0).max(1000).optional().default(1),
});
export type PlanCheckBody = z.input<typeof planCheckBody>;

export interface PlanCheckResponse {
  plan: string;
  bots: number;
  max_bots: number;
  max_chars_per_bot: number;
}

/** POST upload/status (the spec sends the stored bot_id as botId). */
export const statusBody = z.object({
  botId: z
    .union([z.string(), z.number()], { error: KNOWLEDGE_MESSAGES.botRequired })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', { error: KNOWLEDGE_MESSAGES.botRequired }),
});
export type StatusBody = z.input<typeof statusBody>;

export interface ScriptAttributes {
  script_url: string;
  'data-userid': string;
  'data-botid': string;
}

export interface TrainingProgress {
  /** Training state of the bot as a whole. */
  status: 'pending' | 'processing' | 'trained' | 'failed';
  sources_total: number;
  sources_trained: number;
  sources_failed: number;
  documents_done: number;
  /** Known once every running source has counted its documents. */
  documents_total: number | null;
  total_chars: number;
  /** Message of the last failed source, if any. */
  error: string | null;
}

export interface StatusResponse {
  bot_id: string;
  processing_complete: boolean;
  script: string;
  script_attributes: ScriptAttributes;
  progress: TrainingProgress;
}

/** Realtime `status_update`: training progress of one bot, pushed while it changes. */
export interface StatusUpdateEvent extends TrainingProgress {
  bot_id: string;
  processing_complete: boolean;
}

/** Realtime `message`: docs/spec.md §3 — status 'completed' means ready, with the embed script. */
export interface RealtimeMessageEvent {
  bot_id: string;
  status: 'completed' | 'processing' | 'failed' | 'pending';
  message: string;
  script: string;
  script_attributes: ScriptAttributes;
}

export interface ServerToClientEvents {
  /** A bot's training status, or (with crawl_id) the start and the outcome of a crawl. */
  message: (payload: RealtimeMessageEvent | CrawlMessageEvent) => void;
  status_update: (payload: StatusUpdateEvent) => void;
  website_parser_list: (pages: CrawledPageItem[], crawl: CrawlListMeta) => void;
  sitemap_parser_list: (pages: CrawledPageItem[], crawl: CrawlListMeta) => void;
}

/** What the client may send: identity fields are ignored (the session cookie decides). */
export interface ClientToServerEvents {
  connection: (payload?: { user?: unknown; userId?: unknown; bot_id?: unknown }) => void;
}
