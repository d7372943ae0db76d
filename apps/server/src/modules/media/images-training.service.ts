import {
  type ImagesTextResponse,
  MEDIA_MESSAGES,
  MESSAGES,
  SOURCE_TYPES,
  type TrainingResponse,
} from '@docent/shared';
import { IMAGE_LIMITS, validateImage } from '../../ingest/extract/image-validate.ts';
import { openOcrSession } from '../../ingest/extract/ocr.ts';
import { type ImagesSourceInput, imagesFullText } from '../../ingest/sources/images.ts';
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

export function checkImageCount(files: UploadedFile[]): void {
  if (files.length === 0) throw badRequest(MESSAGES.selectFile);
  if (files.length > IMAGE_LIMITS.maxImages) throw badRequest(MESSAGES.maxImages);
}

const keyOf = (files: UploadedFile[]) =>
  sha256(...files.map((f) => Buffer.from(sha256(f.buffer), 'hex')));

/** Every image is validated (type, pixel cap, 300×300) before any of them is decoded. */
async function ocr(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  userId: string,
  files: UploadedFile[],
): Promise<ImagesSourceInput> {
  checkImageCount(files);
  await asApiErrors(async () => {
    for (const f of files) await validateImage(f.buffer);
  });
  const started = Date.now();
  const session = await openOcrSession();
  const images: ImagesSourceInput['images'] = [];
  try {
    for (const [i, f] of files.entries()) {
      const text = await asApiErrors(() => session.recognize(f.buffer));
      images.push({ name: displayName(f.filename, `image-${i + 1}`), text });
    }
  } finally {
    await session.close();
  }
  deps.log.info({ images: files.length, ms: Date.now() - started }, 'images read by OCR');
  const input: ImagesSourceInput = { images };
  const full = imagesFullText(images);
  if (!full) throw new AppError(422, MEDIA_MESSAGES.noTextFound);
  await saveExtraction(deps.db, {
    userId,
    kind: 'images',
    contentKey: keyOf(files),
    result: input,
    charCount: full.length,
  });
  return input;
}

/** upload/images stage 1: the OCR text of up to 10 images. */
export async function imagesText(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  userId: string,
  files: UploadedFile[],
): Promise<ImagesTextResponse> {
  const text = imagesFullText((await ocr(deps, userId, files)).images);
  return { text, char_count: text.length };
}

/**
 * upload/images stage 2: trains the stage-1 OCR text of these same images (or, without files,
 * the caller's latest); the client's full_text is never trusted.
 */
export async function trainImages(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'jobs'>,
  userId: string,
  files: UploadedFile[],
  target: BotTarget,
): Promise<TrainingResponse> {
  if (files.length > IMAGE_LIMITS.maxImages) throw badRequest(MESSAGES.maxImages);
  // Ownership first: nothing is extracted for another account's bot.
  await ownedBotOrNull(deps, userId, target.bot_id);
  const kept = await findExtraction(deps.db, userId, 'images', files.length ? keyOf(files) : null);
  let input = kept?.result;
  if (!input) {
    if (files.length === 0) throw badRequest(MESSAGES.selectFile);
    input = await ocr(deps, userId, files);
  } else if (files.length === input.images.length) {
    const images = input.images;
    input = {
      images: images.map((img, i) => ({
        ...img,
        name: displayName(files[i]?.filename ?? '', img.name),
      })),
    };
  }
  const full = imagesFullText(input.images);
  const first = input.images[0]?.name ?? 'Images';
  return startTraining(deps, {
    userId,
    target,
    botName: first.replace(/\.(png|jpe?g)$/i, ''),
    sourceType: SOURCE_TYPES.textAndFiles,
    title: input.images.length === 1 ? first : `${first} and ${input.images.length - 1} more`,
    origin: null,
    source: { type: 'images', input },
    chars: full.length,
    documentsTotal: input.images.length,
    stage: 2,
  });
}
