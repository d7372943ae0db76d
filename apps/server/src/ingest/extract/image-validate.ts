import { MESSAGES } from '@docent/shared';
import { MediaError, readImageSize, sniffFileType } from '../../lib/file-type.ts';
import { loadSharp } from '../../lib/sharp.ts';

/** docs/spec.md §9 and our own caps; the pixel cap is checked from the header before any decoding. */
export const IMAGE_LIMITS = {
  maxImages: 10,
  minSide: 300,
  maxPixels: 40_000_000,
  maxBytes: 20 * 1024 * 1024,
} as const;

export interface ValidImage {
  type: 'png' | 'jpeg';
  width: number;
  height: number;
}

/** Refuses anything but a sane PNG/JPEG of at least 300×300 px, without decoding pixels. */
export async function validateImage(buf: Uint8Array): Promise<ValidImage> {
  if (buf.byteLength > IMAGE_LIMITS.maxBytes) {
    throw new MediaError(413, 'This image is larger than 20 MB.');
  }
  const type = sniffFileType(buf);
  if (type !== 'png' && type !== 'jpeg') {
    throw new MediaError(415, 'Only PNG and JPEG images are accepted.');
  }
  const size = readImageSize(buf);
  if (!size || size.width === 0 || size.height === 0) {
    throw new MediaError(400, 'This image is damaged or unreadable.');
  }
  checkDimensions(size.width, size.height);
  const sharp = await loadSharp();
  // sharp reads only the header here; limitInputPixels guards the decoders used later too.
  const meta = await sharp(buf, { limitInputPixels: IMAGE_LIMITS.maxPixels })
    .metadata()
    .catch(() => {
      throw new MediaError(400, 'This image is damaged or unreadable.');
    });
  if (meta.width !== size.width || meta.height !== size.height) {
    throw new MediaError(400, 'This image is damaged or unreadable.');
  }
  return { type, width: size.width, height: size.height };
}

function checkDimensions(width: number, height: number): void {
  if (width * height > IMAGE_LIMITS.maxPixels) {
    throw new MediaError(
      413,
      `This image is too large (${width}×${height} pixels); the limit is 40 megapixels.`,
    );
  }
  if (width < IMAGE_LIMITS.minSide || height < IMAGE_LIMITS.minSide) {
    throw new MediaError(400, MESSAGES.minImageSize);
  }
}
