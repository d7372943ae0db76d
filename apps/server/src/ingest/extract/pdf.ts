import { MediaError, sniffFileType } from '../../lib/file-type.ts';
import type { PlaceMark } from '../../search/places.ts';
import { type OcrSession, openOcrSession } from './ocr.ts';
import { assemblePages } from './pdf-cleanup.ts';
import { runPdfJob } from './pdf-process-pool.ts';
import type { PdfJob } from './workers/pdf-protocol.ts';

export const PDF_LIMITS = {
  maxBytes: 25 * 1024 * 1024,
  maxPages: 2_000,
  /** Wall-clock budget of the reading process (text layer and page rendering). */
  timeoutMs: 90_000,
  /** V8 heap of the reading process; pdf.js on a 2,000-page file stays well below. */
  maxHeapMb: 768,
  /** Resident memory of the reading process (heap, buffers, WebAssembly); killed past it. */
  maxMemoryMb: 1280,
  /** Scanned pages read by OCR (seconds each); a PDF with more is refused, not truncated. */
  maxScanPages: 40,
  /** ~300 dpi, capped in pixels so a huge page size cannot blow the canvas up. */
  scanScale: 300 / 72,
  maxScanPixels: 16_000_000,
};
export type PdfLimits = typeof PDF_LIMITS;

export interface PdfExtraction {
  text: string;
  numPages: number;
  /** Where each page starts in the text. */
  pageMarks: PlaceMark[];
  /** Pages (1-based) read by OCR because they had no text layer. */
  ocrPages: number[];
}

export interface PdfExtractOptions {
  limits?: Partial<PdfLimits>;
  onProgress?: (done: number, total: number) => void;
  /** Supplied by callers that already hold an OCR worker; otherwise one is opened on demand. */
  ocr?: OcrSession;
}

/**
 * Text of a PDF in reading order. Parsing runs in a child process capped in memory and time
 * (pdf-process-pool.ts), after every stream's decoded size was checked (pdf-guard/); a hostile
 * or broken file rejects with a MediaError and nothing else is affected. Pages without a text
 * layer are rendered there and read by OCR here.
 */
export async function extractPdf(
  data: Uint8Array,
  opts: PdfExtractOptions = {},
): Promise<PdfExtraction> {
  const limits = { ...PDF_LIMITS, ...opts.limits };
  if (data.byteLength > limits.maxBytes) {
    throw new MediaError(413, `This PDF is larger than ${limits.maxBytes / 1024 / 1024} MB.`);
  }
  if (sniffFileType(data) !== 'pdf') throw new MediaError(415, 'This file is not a PDF.');

  const scans = new Map<number, Uint8Array>();
  const result = await readAllPages(data, limits, scans, opts.onProgress);
  const pages = result.pages;
  if (result.scanPages.length > limits.maxScanPages) {
    throw new MediaError(
      413,
      `This PDF has more than ${limits.maxScanPages} scanned pages; at most ${limits.maxScanPages} can be read by OCR in one upload.`,
    );
  }
  if (result.scanPages.length > 0) {
    const ocr = opts.ocr ?? (await openOcrSession());
    try {
      for (const n of result.scanPages) {
        const png = scans.get(n);
        if (png) pages[n - 1] = (await ocr.recognize(png)).split('\n');
      }
    } finally {
      if (!opts.ocr) await ocr.close();
    }
  }
  const { text, pageMarks } = assemblePages(pages);
  return {
    text,
    numPages: pages.length,
    pageMarks,
    ocrPages: result.scanPages,
  };
}

/** Files this small are read in one piece without counting their pages first. */
const SPLIT_MIN_BYTES = 200 * 1024;
/** From this many pages on, the two halves of a file are read by two workers at once. */
const SPLIT_MIN_PAGES = 60;

async function readAllPages(
  data: Uint8Array,
  limits: PdfLimits,
  scans: Map<number, Uint8Array>,
  onProgress?: (done: number, total: number) => void,
): Promise<{ pages: string[][]; scanPages: number[] }> {
  const run = (range: Pick<PdfJob, 'firstPage' | 'lastPage' | 'countOnly' | 'guarded'>) => {
    // Each worker owns its copy: the caller's buffer stays usable (stage 2 may need it).
    const job: PdfJob = {
      data: new Uint8Array(data),
      maxPages: limits.maxPages,
      maxScanPages: limits.maxScanPages,
      scanScale: limits.scanScale,
      maxScanPixels: limits.maxScanPixels,
      ...range,
    };
    return runPdfJob(job, limits, (msg) => {
      if (msg.type === 'progress') onProgress?.(msg.done, msg.total);
      else if (msg.type === 'scan') scans.set(msg.page, msg.png);
    });
  };
  const whole = { firstPage: 1, lastPage: null, countOnly: false };
  if (data.byteLength < SPLIT_MIN_BYTES) return run({ ...whole, guarded: false });
  // Opening a file is cheap next to reading its pages: count first, then split.
  const { numPages } = await run({ ...whole, countOnly: true, guarded: false });
  if (numPages < SPLIT_MIN_PAGES) return run({ ...whole, guarded: true });
  const mid = Math.ceil(numPages / 2);
  const parts = await Promise.all([
    run({ firstPage: 1, lastPage: mid, countOnly: false, guarded: true }),
    run({ firstPage: mid + 1, lastPage: numPages, countOnly: false, guarded: true }),
  ]);
  return {
    pages: parts.flatMap((p) => p.pages),
    scanPages: parts.flatMap((p) => p.scanPages),
  };
}
