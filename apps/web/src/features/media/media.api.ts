import type {
  DocumentsJson,
  ImagesJson,
  ImagesTextResponse,
  PdfTranscriptResponse,
  TrainingResponse,
  TrainingTarget,
  YoutubeBody,
  YoutubeTranscriptResponse,
} from '@docent/shared';
import { api } from '../../lib/api.ts';

function pdfForm(json: DocumentsJson, file: File): FormData {
  const form = new FormData();
  form.append('json_data', JSON.stringify(json));
  form.append('file', file, file.name);
  return form;
}

/** upload/documents stage 1 (docs/spec.md §7): the PDF's transcript. */
export function pdfTranscript(file: File, signal?: AbortSignal) {
  return api<PdfTranscriptResponse>('upload/documents', {
    form: pdfForm({ stage: 1 }, file),
    signal,
  });
}

/** upload/documents stage 2: train the PDF. */
export function trainPdf(file: File, charCount: number, target: TrainingTarget) {
  return api<TrainingResponse>('upload/documents', {
    form: pdfForm({ stage: 2, char_count: charCount, bot_count: 1, ...target }, file),
  });
}

function imagesForm(json: ImagesJson, files: readonly File[]): FormData {
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

export interface Transcript {
  text: string;
  chars: number;
}

/** Stage 1 of the files screen: the text of the PDF, or of the images by OCR. */
export async function readFilesText(
  pdf: File | null,
  images: readonly { file: File }[],
  signal: AbortSignal,
): Promise<Transcript> {
  if (pdf) {
    const r = (await pdfTranscript(pdf, signal)).response;
    return { text: r.transcript, chars: r.num_characters };
  }
  const r = (
    await imagesText(
      images.map((i) => i.file),
      signal,
    )
  ).response;
  return { text: r.text, chars: r.char_count };
}

/** upload/images stage 2: train the images' text. */
export function trainImages(
  files: readonly File[],
  fullText: string,
  charCount: number,
  target: TrainingTarget,
) {
  return api<TrainingResponse>('upload/images', {
    form: imagesForm(
      { stage: 2, char_count: charCount, full_text: fullText, bot_count: 1, ...target },
      files,
    ),
  });
}

/** upload/youtube stage 1: the video's transcript lines. */
export function youtubeTranscript(url: string, signal?: AbortSignal) {
  return api<YoutubeTranscriptResponse>('upload/youtube', {
    json: { url, stage: 1 } satisfies YoutubeBody,
    signal,
  });
}

/** upload/youtube stage 2: train the transcript. */
export function trainYoutube(url: string, charCount: number, target: TrainingTarget) {
  return api<TrainingResponse>('upload/youtube', {
    json: {
      url,
      stage: 2,
      char_count: charCount,
      bot_count: 1,
      ...target,
    } satisfies YoutubeBody,
  });
}

/** Stage 2 of the files screen: train the PDF, or the images with the text read from them. */
export function trainFiles(
  pdf: File | null,
  images: readonly { file: File }[],
  transcript: Transcript | null,
  target: TrainingTarget,
) {
  const chars = transcript?.chars ?? 0;
  if (pdf) return trainPdf(pdf, chars, target);
  const files = images.map((i) => i.file);
  return trainImages(files, transcript?.text ?? '', chars, target);
}
