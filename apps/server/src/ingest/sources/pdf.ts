import type { PlaceMark } from '../../search/places.ts';
import type { IngestDocument } from '../pipeline.ts';

/** sources.input of a 'pdf' source: the text extracted at stage 1, never the client's. */
export interface PdfSourceInput {
  fileName: string;
  text: string;
  numPages: number;
  /** Where each page starts in the text (absent in extractions stored before pages were kept). */
  pageMarks?: PlaceMark[];
}

export async function* pdfDocuments(input: PdfSourceInput): AsyncIterable<IngestDocument> {
  const { fileName, text, pageMarks } = input;
  yield { title: fileName, text, kind: 'pdf', ...(pageMarks ? { places: pageMarks } : {}) };
}

export const pdfDocumentCount = () => 1;
