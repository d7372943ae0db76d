import { loadSharp } from '../../lib/sharp.ts';
import { IMAGE_LIMITS } from './image-validate.ts';

/** Text height tesseract reads best lies around 20–40 px; screenshots are usually below. */
const TARGET_MIN_WIDTH = 1800;
const MAX_UPSCALE = 2.5;

/**
 * Turns a validated image (or a rendered PDF page) into what tesseract reads best: upright
 * (EXIF), grayscale, small text upscaled, contrast stretched, dark text on light ground.
 */
export async function preprocessForOcr(input: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  const base = sharp(input, { limitInputPixels: IMAGE_LIMITS.maxPixels * 2 }).rotate();
  const meta = await base.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  let pipeline = base.flatten({ background: '#ffffff' }).grayscale();
  if (width > 0 && width < TARGET_MIN_WIDTH) {
    const scale = Math.min(MAX_UPSCALE, TARGET_MIN_WIDTH / width);
    const upscaledPixels = width * height * scale * scale;
    if (upscaledPixels <= IMAGE_LIMITS.maxPixels) {
      pipeline = pipeline.resize({ width: Math.round(width * scale), kernel: 'lanczos3' });
    }
  }
  pipeline = pipeline.normalise();
  // Dark themes (light text on dark ground) read far better inverted.
  const { channels } = await sharp(input, { limitInputPixels: IMAGE_LIMITS.maxPixels * 2 })
    .grayscale()
    .stats();
  if ((channels[0]?.mean ?? 255) < 110) pipeline = pipeline.negate({ alpha: false });
  return pipeline.png({ compressionLevel: 1 }).toBuffer();
}
