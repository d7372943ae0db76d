import { createRequire } from 'node:module';
import path from 'node:path';
import { definePDFJSModule, getDocumentProxy, renderPageAsImage } from 'unpdf';
import { checkStreamExpansion, PdfBombError } from '../pdf-guard/expansion-guard.ts';
import { layoutPage, type TextRun } from '../pdf-layout.ts';
import type { PdfJob, PdfWorkerMessage } from './pdf-protocol.ts';

/**
 * Runs in a child process whose memory and time the parent caps (pdf-process-pool.ts): a V8
 * heap limit, an operating-system data limit, an RSS watchdog and a wall-clock kill. Whatever
 * a hostile file does to pdf.js, only this process dies. One job at a time; the parent reuses
 * a healthy process for the next file (loading pdf.js is the slow part of a small job).
 */
const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));
// pdfjs-dist (not unpdf's bundle) because it ships the JBIG2/JPX decoders scans need.
await definePDFJSModule(() => import('pdfjs-dist/legacy/build/pdf.mjs'));

const post = (message: PdfWorkerMessage): void => {
  process.send?.(message);
};

const MIN_TEXT_CHARS = 16;

interface PdfTextItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

async function run(job: PdfJob): Promise<void> {
  try {
    if (!job.guarded) await checkStreamExpansion(job.data);
  } catch (err) {
    if (err instanceof PdfBombError) {
      return post({
        type: 'fail',
        status: 422,
        message: 'This PDF expands to more data than we accept.',
      });
    }
    throw err;
  }
  const doc = await getDocumentProxy(job.data, {
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize: job.maxScanPixels,
    wasmUrl: `${PDFJS_ROOT}/wasm/`,
    cMapUrl: `${PDFJS_ROOT}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${PDFJS_ROOT}/standard_fonts/`,
    iccUrl: `${PDFJS_ROOT}/iccs/`,
  }).catch((err: Error) => {
    throw Object.assign(new Error(err.message), { unreadable: true });
  });
  post({ type: 'meta', numPages: doc.numPages });
  if (doc.numPages > job.maxPages) {
    return post({
      type: 'fail',
      status: 413,
      message: `This PDF has ${doc.numPages} pages; the limit is ${job.maxPages.toLocaleString('en-US')}.`,
    });
  }
  const pages: string[][] = [];
  const scanPages: number[] = [];
  const last = job.countOnly ? 0 : Math.min(job.lastPage ?? doc.numPages, doc.numPages);
  for (let n = job.firstPage; n <= last; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const runs = (content.items as PdfTextItem[]).flatMap(toRun);
    const lines = layoutPage(runs, page.view[2] ?? 612);
    pages.push(lines);
    const chars = lines.join('').replace(/\s/g, '').length;
    if (chars < MIN_TEXT_CHARS && (await hasImages(page))) {
      if (scanPages.length < job.maxScanPages) {
        scanPages.push(n);
        const [, , w = 612, h = 792] = page.view;
        const scale = Math.min(job.scanScale, Math.sqrt(job.maxScanPixels / (w * h)));
        const png = new Uint8Array(
          await renderPageAsImage(doc, n, { canvasImport: () => import('@napi-rs/canvas'), scale }),
        );
        post({ type: 'scan', page: n, png });
      } else {
        // Refused rather than silently truncated; decided as soon as it is known.
        return post({
          type: 'fail',
          status: 413,
          message: `This PDF has more than ${job.maxScanPages} scanned pages; at most ${job.maxScanPages} can be read by OCR in one upload.`,
        });
      }
    }
    page.cleanup();
    if (n % 10 === 0 || n === last) post({ type: 'progress', done: n, total: doc.numPages });
  }
  await doc.loadingTask.destroy();
  post({ type: 'done', numPages: doc.numPages, firstPage: job.firstPage, pages, scanPages });
}

function toRun(item: PdfTextItem): TextRun[] {
  if (typeof item.str !== 'string' || !item.transform || item.str.length === 0) return [];
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height || 0;
  return [{ str: item.str, x: e, y: f, width: item.width ?? 0, size }];
}

async function hasImages(page: { getOperatorList(): Promise<{ fnArray: number[] }> }) {
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const imageOps = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
  ]);
  const ops = await page.getOperatorList();
  return ops.fnArray.some((op) => imageOps.has(op));
}

// The parent went away (shutdown, crash): nothing is left to do.
process.on('disconnect', () => process.exit(0));
process.on('message', (job: PdfJob) => {
  run(job).catch((err: Error & { unreadable?: boolean }) => {
    const message = err.unreadable
      ? 'This file is not a readable PDF (it may be damaged or password-protected).'
      : 'This PDF could not be read.';
    post({ type: 'fail', status: 422, message });
  });
});
post({ type: 'ready' });
