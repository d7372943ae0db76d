/** Messages between the PDF host (extract/pdf.ts) and its reading process. */
export interface PdfJob {
  data: Uint8Array;
  maxPages: number;
  /** Pages without a text layer are rendered (for OCR) up to this many. */
  maxScanPages: number;
  scanScale: number;
  maxScanPixels: number;
  /** Pages to read (1-based, inclusive; null = to the end), so big files split over workers. */
  firstPage: number;
  lastPage: number | null;
  /** Only open the file and report its page count. */
  countOnly: boolean;
  /** The decompression guard already ran on these bytes (in the count job). */
  guarded: boolean;
}

export type PdfWorkerMessage =
  | { type: 'ready' }
  | { type: 'meta'; numPages: number }
  | { type: 'progress'; done: number; total: number }
  | { type: 'scan'; page: number; png: Uint8Array }
  | { type: 'done'; numPages: number; firstPage: number; pages: string[][]; scanPages: number[] }
  | { type: 'fail'; status: number; message: string };
