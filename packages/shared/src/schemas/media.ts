import { z } from 'zod';
import { MESSAGES } from '../core/messages.ts';
import { trainingTargetFields } from './bot-name.ts';

/** Messages of the PDF, image and YouTube sources that the spec does not fix. */
export const MEDIA_MESSAGES = {
  invalidStage: 'Invalid training stage',
  transcriptReady: 'Transcript generated successfully',
  noTextFound: 'No text could be read from this file',
  notPdf: 'Please select a PDF file',
} as const;

/** docs/spec.md §9: at most this many images per upload. */
export const IMAGE_UPLOAD_LIMIT = 10;

/** docs/spec.md §5: optional http(s) and www, then the YouTube host or youtu.be, a slash, more text. */
export const YOUTUBE_URL_PATTERN =
  /^(https?:\/\/)?((www|m|music)\.)?(youtube\.com|youtube-nocookie\.com|youtu\.be)\/.+/i;

const stage = z.coerce
  .number({ error: MEDIA_MESSAGES.invalidStage })
  .refine((s) => s === 1 || s === 2, { error: MEDIA_MESSAGES.invalidStage });

/** Client counts are accepted for compatibility and ignored: the server counts itself. */
const clientCount = z.union([z.number(), z.string(), z.null()]).optional();

/** upload/documents json_data: {stage 1} or {stage 2, char_count, bot_count, bot_id}. */
export const documentsJson = z.looseObject({
  stage,
  char_count: clientCount,
  bot_count: clientCount,
  ...trainingTargetFields,
});
export type DocumentsJson = z.input<typeof documentsJson>;

/** upload/images json_data: {stage 1} or {stage 2, char_count, full_text, bot_count, bot_id}. */
export const imagesJson = documentsJson.extend({ full_text: z.string().nullish() });
export type ImagesJson = z.input<typeof imagesJson>;

/** upload/youtube body: {url, stage 1} or {url, stage 2, char_count, bot_count, bot_id}. */
export const youtubeBody = z.looseObject({
  url: z
    .string({ error: MESSAGES.enterYoutubeUrl })
    .trim()
    .min(1, { error: MESSAGES.enterYoutubeUrl })
    .max(2048, { error: MESSAGES.validYoutubeUrl })
    .regex(YOUTUBE_URL_PATTERN, { error: MESSAGES.validYoutubeUrl }),
  stage,
  char_count: clientCount,
  bot_count: clientCount,
  ...trainingTargetFields,
});
export type YoutubeBody = z.input<typeof youtubeBody>;

/** Stage 1 of upload/documents. */
export interface PdfTranscriptResponse {
  transcript: string;
  num_characters: number;
  stage: 1;
  botId: string | null;
  bot_name: string | null;
}

/** Stage 1 of upload/images. */
export interface ImagesTextResponse {
  text: string;
  char_count: number;
}

export interface TranscriptLineDto {
  start: number;
  text: string;
}

/** Stage 1 of upload/youtube. */
export interface YoutubeTranscriptResponse {
  video_transcript: TranscriptLineDto[];
  stage: 1;
  num_characters: number;
  botId: string | null;
}
