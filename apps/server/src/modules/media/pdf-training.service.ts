import {
  MEDIA_MESSAGES,
  MESSAGES,
  type PdfTranscriptResponse,
  SOURCE_TYPES,
  type TrainingResponse,
} from '@docent/shared';
import { extractPdf } from '../../ingest/extract/pdf.ts';
import type { PdfSourceInput } from '../../ingest/sources/pdf.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { type BotTarget, startTraining } from '../sources/training.service.ts';
import {
  asApiErrors,
  displayName,
  ownedBotOrNull,
  sha256,
  type UploadedFile,
} from './media-common.ts';
import { findExtraction, saveExtraction } from './media-extractions.repo.ts';

async function extract(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  userId: string,
  file: UploadedFile,
): Promise<PdfSourceInput> {
  const started = Date.now();
  const result = await asApiErrors(() => extractPdf(file.buffer));
  deps.log.info(
    { pages: result.numPages, ocrPages: result.ocrPages.length, ms: Date.now() - started },
    'pdf extracted',
  );
  if (!result.text.trim()) throw new AppError(422, MEDIA_MESSAGES.noTextFound);
  const input: PdfSourceInput = {
    fileName: displayName(file.filename, 'document.pdf'),
    text: result.text,
    numPages: result.numPages,
    pageMarks: result.pageMarks,
  };
  await saveExtraction(deps.db, {
    userId,
    kind: 'pdf',
    contentKey: sha256(file.buffer),
    result: input,
    charCount: input.text.length,
  });
  return input;
}

/** upload/documents stage 1: the PDF's text, kept server-side for stage 2. */
export async function pdfTranscript(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  userId: string,
  file: UploadedFile | null,
  botId: string | undefined,
): Promise<PdfTranscriptResponse> {
  if (!file) throw badRequest(MESSAGES.selectFile);
  const bot = await ownedBotOrNull(deps, userId, botId);
  const input = await extract(deps, userId, file);
  return {
    transcript: input.text,
    num_characters: input.text.length,
    stage: 1,
    botId: bot?.id ?? null,
    bot_name: bot?.name ?? null,
  };
}

/**
 * upload/documents stage 2: trains what stage 1 extracted from this same file (matched by
 * content), extracting again only if that is gone. Without a file, the caller's latest PDF.
 */
export async function trainPdf(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'jobs'>,
  userId: string,
  file: UploadedFile | null,
  target: BotTarget,
): Promise<TrainingResponse> {
  const key = file ? sha256(file.buffer) : null;
  // Ownership first: nothing is extracted for another account's bot.
  await ownedBotOrNull(deps, userId, target.bot_id);
  const kept = await findExtraction(deps.db, userId, 'pdf', key);
  let input = kept?.result;
  if (!input) {
    if (!file) throw badRequest(MESSAGES.selectFile);
    input = await extract(deps, userId, file);
  } else if (file) {
    // Same bytes, maybe another name: the name of this upload is the one shown.
    input = { ...input, fileName: displayName(file.filename, input.fileName) };
  }
  return startTraining(deps, {
    userId,
    target,
    botName: input.fileName.replace(/\.pdf$/i, ''),
    sourceType: SOURCE_TYPES.textAndFiles,
    title: input.fileName,
    origin: input.fileName,
    source: { type: 'pdf', input },
    chars: input.text.length,
    documentsTotal: 1,
    stage: 2,
  });
}
