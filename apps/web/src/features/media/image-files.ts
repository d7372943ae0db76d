/** docs/spec.md §9: thumbnails are resized to 300 by 300; smaller images are refused. */
export const THUMB_SIZE = 300;
export const MIN_IMAGE_SIDE = 300;

export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

export function isImageFile(file: File): boolean {
  return /^image\/(png|jpeg)$/.test(file.type) || /\.(png|jpe?g)$/i.test(file.name);
}

/** A file size as the pickers show it: whole KB below a megabyte, else MB with one decimal. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function isPdfFile(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

export interface PickedImage {
  id: string;
  file: File;
  /** A 300×300 rendering (data URL) drawn on a canvas. */
  thumb: string;
  width: number;
  height: number;
}

let seq = 0;

/**
 * Loads an image to learn its real size (the 300×300 minimum is checked here, docs/spec.md §5) and
 * draws the 300×300 thumbnail, the picture cropped to a square from its centre.
 */
export async function readImage(file: File): Promise<PickedImage> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    const width = img.naturalWidth;
    const height = img.naturalHeight;
    const canvas = document.createElement('canvas');
    canvas.width = THUMB_SIZE;
    canvas.height = THUMB_SIZE;
    const g = canvas.getContext('2d');
    if (g) {
      const side = Math.min(width, height);
      g.imageSmoothingQuality = 'high';
      g.drawImage(
        img,
        (width - side) / 2,
        (height - side) / 2,
        side,
        side,
        0,
        0,
        THUMB_SIZE,
        THUMB_SIZE,
      );
    }
    seq += 1;
    return { id: `img-${seq}`, file, thumb: canvas.toDataURL('image/jpeg', 0.85), width, height };
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function isLargeEnough(image: { width: number; height: number }): boolean {
  return image.width >= MIN_IMAGE_SIDE && image.height >= MIN_IMAGE_SIDE;
}
