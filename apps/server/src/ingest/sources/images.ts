import type { IngestDocument } from '../pipeline.ts';

/** sources.input of an 'images' source: the OCR text of each image, in upload order. */
export interface ImagesSourceInput {
  images: { name: string; text: string }[];
}

export async function* imageDocuments(input: ImagesSourceInput): AsyncIterable<IngestDocument> {
  for (const image of input.images) {
    if (image.text.trim()) yield { title: image.name, text: image.text, kind: 'text' };
  }
}

export const imageDocumentCount = (input: ImagesSourceInput) => input.images.length;

/** The transcript shown for images (and its character count): each image's text, in order. */
export const imagesFullText = (images: ImagesSourceInput['images']) =>
  images
    .map((i) => i.text.trim())
    .filter(Boolean)
    .join('\n\n');
