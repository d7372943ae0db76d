import type {
  ImagesTextResponse,
  PdfTranscriptResponse,
  YoutubeTranscriptResponse,
} from '@docent/shared';
import { api } from '../../lib/api.ts';
import type { TrainingReply } from '../knowledge/knowledge.api.ts';

type BotRef = string | null;

function pdfForm(json: object, file: File): FormData {
  const form = new FormData();
  form.append('json_data', JSON.stringify(json));
  form.append('file', file, file.name);
  return form;
}

/** upload/documents stage 1 (spec §7): the PDF's transcript. */
export function pdfTranscript(file: File, signal?: AbortSignal) {
  return api<PdfTranscriptResponse>('upload/documents', {
    form: pdfForm({ stage: 1 }, file),
    signal,
  });
}

/** upload/documents stage 2: train the PDF. */
export function trainPdf(file: File, charCount: number, botId: BotRef) {
  return api<TrainingReply>('upload/documents', {
    form: pdfForm({ stage: 2, char_count: charCount, bot_count: 1, bot_id: botId }, file),
  });
}

function imagesForm(json: object, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('json_data', JSON.stringify(json));
  files.forEach((file, i) => {
    form.append(`file${i}`, file, file.name);
  });
  return form;
}

/** upload/images stage 1: OCR text of up to 10 images. */
export function imagesText(files: readonly File[], signal?: AbortSignal) {
  return api<ImagesTextResponse>('upload/images', {
    form: imagesForm({ stage: 1 }, files),
    signal,
  });
}

/** upload/images stage 2: train the images' text. */
export function trainImages(
  files: readonly File[],
  fullText: string,
  charCount: number,
  botId: BotRef,
) {
  return api<TrainingReply>('upload/images', {
    form: imagesForm(
      { stage: 2, char_count: charCount, full_text: fullText, bot_count: 1, bot_id: botId },
      files,
    ),
  });
}

/** upload/youtube stage 1: the video's transcript lines. */
export function youtubeTranscript(url: string, botId: BotRef, signal?: AbortSignal) {
  return api<YoutubeTranscriptResponse>('upload/youtube', {
    json: { url, stage: 1, ...(botId ? { bot_id: botId } : {}) },
    signal,
  });
}

/** upload/youtube stage 2: train the transcript. */
export function trainYoutube(url: string, charCount: number, botId: BotRef) {
  return api<TrainingReply>('upload/youtube', {
    json: { url, stage: 2, char_count: charCount, bot_count: 1, bot_id: botId },
  });
}
