import type { IngestDocument } from '../pipeline.ts';

/** sources.input of a 'pdf' source: the text extracted at stage 1, never the client's. */
export interface PdfSourceInput {
  fileName: string;
  text: string;
  numPages: number;
}

export async function* pdfDocuments(input: PdfSourceInput): AsyncIterable<IngestDocument> {
  const { fileName, text } = input;
  yield { title: fileName, text, kind: 'pdf' };
}

export const pdfDocumentCount = () => 1;
