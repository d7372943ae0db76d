/** Messages between the PDF host (extract/pdf.ts) and its worker thread. */
export interface PdfJob {
  data: Uint8Array;
  maxPages: number;
  /** Pages without a text layer are rendered (for OCR) up to this many. */
  maxScanPages: number;
  scanScale: number;
  maxScanPixels: number;
}

export type PdfWorkerMessage =
  | { type: 'ready' }
  | { type: 'meta'; numPages: number }
  | { type: 'progress'; done: number; total: number }
  | { type: 'scan'; page: number; png: Uint8Array }
  | { type: 'done'; pages: string[][]; scanPages: number[] }
  | { type: 'fail'; status: number; message: string };
