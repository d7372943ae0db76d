import type sharpModule from 'sharp';

/**
 * sharp (libvips), loaded on first use: only image uploads, avatars and OCR need it, and
 * loading it maps libvips and starts its thread pool (~20 MB resident) in every process.
 */
export async function loadSharp(): Promise<typeof sharpModule> {
  return (await import('sharp')).default;
}
