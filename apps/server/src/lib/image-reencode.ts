import { loadSharp } from './sharp.ts';

export type StoredImageExt = 'png' | 'jpg' | 'webp';

/** Refuse decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Decodes an uploaded picture and encodes it again as `ext`, fitting inside `maxSide` pixels
 * (never enlarged). Re-encoding drops metadata and anything smuggled after the image data.
 * Null when the bytes do not decode as an image.
 */
export async function reencodeImage(
  buf: Buffer,
  ext: StoredImageExt,
  opts: { maxSide: number; quality?: number },
): Promise<Buffer | null> {
  const sharp = await loadSharp();
  const q = opts.quality === undefined ? undefined : { quality: opts.quality };
  try {
    const image = sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(opts.maxSide, opts.maxSide, { fit: 'inside', withoutEnlargement: true });
    return await (ext === 'png'
      ? image.png()
      : ext === 'jpg'
        ? image.jpeg(q)
        : image.webp(q)
    ).toBuffer();
  } catch {
    return null;
  }
}
