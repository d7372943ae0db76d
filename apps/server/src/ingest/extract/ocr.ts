import { createRequire } from 'node:module';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { MediaError } from '../../lib/file-type.ts';
import { preprocessForOcr } from './ocr-preprocess.ts';

const require = createRequire(import.meta.url);
/** Trained data shipped inside an npm package: OCR never touches the network. */
const ENG_LANG_PATH: string = (require('@tesseract.js-data/eng') as { langPath: string }).langPath;

export const OCR_TIMEOUT_MS = 60_000;

/** One OCR worker reused for every image of a request; close() it when done. */
export interface OcrSession {
  recognize(image: Uint8Array): Promise<string>;
  close(): Promise<void>;
}

/**
 * OCR is the heaviest thing the server does and the machine is small: one image is read at a
 * time across the whole process, in tesseract.js's own worker thread, so the event loop keeps
 * serving. A read that overruns the time limit terminates that worker.
 */
let queue: Promise<unknown> = Promise.resolve();
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export async function openOcrSession(opts: { timeoutMs?: number } = {}): Promise<OcrSession> {
  const timeoutMs = opts.timeoutMs ?? OCR_TIMEOUT_MS;
  let worker: Worker | null = null;
  const ensureWorker = async (): Promise<Worker> => {
    if (!worker) {
      worker = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: ENG_LANG_PATH,
        gzip: true,
        cacheMethod: 'none',
      });
      // Tesseract's diagnostics ("Estimating resolution as …") would otherwise flood stderr.
      await worker.setParameters({ debug_file: '/dev/null' });
    }
    return worker;
  };

  return {
    recognize: (image) =>
      exclusive(async () => {
        const prepared = await preprocessForOcr(image);
        const w = await ensureWorker();
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            worker = null;
            void w.terminate().catch(() => undefined);
            reject(new MediaError(422, 'Reading the text of this image took too long.'));
          }, timeoutMs);
        });
        try {
          const { data } = await Promise.race([
            w.recognize(prepared, { rotateAuto: true }),
            timeout,
          ]);
          return tidyOcrText(data.text);
        } finally {
          clearTimeout(timer);
        }
      }),
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate().catch(() => undefined);
    },
  };
}

/** Tesseract's raw text: collapse runs of blank lines and trailing spaces. */
export function tidyOcrText(text: string): string {
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
