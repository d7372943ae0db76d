import { IMAGE_UPLOAD_LIMIT, MESSAGES } from '@docent/shared';
import { useState } from 'react';
import { isImageFile, isLargeEnough, type PickedImage, readImage } from './image-files.ts';

/**
 * The images chosen for OCR: at most 10, each read and thumbnailed; too small or unreadable
 * ones are left out and `report` says why (docs/spec.md §5), or gets '' when all were fine.
 */
export function useImagePicks(report: (problem: string) => void) {
  const [images, setImages] = useState<PickedImage[]>([]);

  const prepare = async (files: File[]): Promise<PickedImage[]> => {
    const picked: PickedImage[] = [];
    let tooSmall = false;
    let unreadable = false;
    for (const file of files) {
      if (!isImageFile(file)) {
        unreadable = true;
        continue;
      }
      try {
        const image = await readImage(file);
        if (isLargeEnough(image)) picked.push(image);
        else tooSmall = true;
      } catch {
        unreadable = true;
      }
    }
    report(
      tooSmall ? MESSAGES.minImageSize : unreadable ? 'Only PNG and JPEG images can be added' : '',
    );
    return picked;
  };

  const add = async (files: File[]) => {
    if (images.length + files.length > IMAGE_UPLOAD_LIMIT) return report(MESSAGES.maxImages);
    const picked = await prepare(files);
    setImages((list) => [...list, ...picked].slice(0, IMAGE_UPLOAD_LIMIT));
  };

  const replace = async (id: string, file: File) => {
    const [image] = await prepare([file]);
    if (image) setImages((list) => list.map((old) => (old.id === id ? image : old)));
  };

  const remove = (id: string) => {
    report('');
    setImages((list) => list.filter((i) => i.id !== id));
  };

  /** The handlers ImagePicker takes. */
  const handlers = {
    onAdd: (files: File[]) => void add(files),
    onReplace: (id: string, file: File) => void replace(id, file),
    onRemove: remove,
  };
  return { images, handlers };
}
