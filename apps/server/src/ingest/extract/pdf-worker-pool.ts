import type { Worker } from 'node:worker_threads';
import { MediaError } from '../../lib/file-type.ts';
import type { PdfJob, PdfWorkerMessage } from './workers/pdf-protocol.ts';
import { spawnTsWorker } from './workers/spawn-ts-worker.ts';

const WORKER_URL = new URL('./workers/pdf.worker.ts', import.meta.url);
/** A worker is retired after this many files so nothing a file left behind accumulates. */
const JOBS_PER_WORKER = 25;
/** PDFs parsed at once (the machine has two cores); further uploads wait their turn. */
const MAX_CONCURRENT = 2;

let running = 0;
const waiting: (() => void)[] = [];
async function acquire(): Promise<() => void> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

export type PdfDone = Extract<PdfWorkerMessage, { type: 'done' }>;

export interface PdfRunLimits {
  timeoutMs: number;
  maxHeapMb: number;
}

interface PooledWorker {
  worker: Worker;
  ready: Promise<void>;
  jobs: number;
  heapMb: number;
}

/**
 * Keeps up to two warm PDF workers between uploads (starting one and loading pdf.js costs
 * seconds on this machine); a big file's halves run on both. A worker that failed, overran its
 * time or ran out of memory is terminated, never reused.
 */
const MAX_IDLE = 2;
const idle: PooledWorker[] = [];

function spawn(heapMb: number): PooledWorker {
  const worker = spawnTsWorker(WORKER_URL, {
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 },
    stdout: true,
    stderr: true,
  });
  // pdf.js warns on stdout about every oddity of a file; that is noise, not logs.
  worker.stdout.resume();
  worker.stderr.resume();
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (msg: PdfWorkerMessage) => {
      if (msg.type !== 'ready') return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('PDF worker exited while starting')));
  });
  ready.catch(() => undefined);
  return { worker, ready, jobs: 0, heapMb };
}

function take(heapMb: number): PooledWorker {
  const at = idle.findIndex((w) => w.heapMb === heapMb);
  const pooled = at >= 0 ? (idle.splice(at, 1)[0] as PooledWorker) : spawn(heapMb);
  pooled.worker.ref();
  return pooled;
}

function giveBack(pooled: PooledWorker, healthy: boolean): void {
  pooled.jobs++;
  if (healthy && idle.length < MAX_IDLE && pooled.jobs < JOBS_PER_WORKER) {
    pooled.worker.removeAllListeners('message');
    pooled.worker.removeAllListeners('error');
    pooled.worker.removeAllListeners('exit');
    pooled.worker.unref();
    pooled.worker.once('exit', () => {
      const i = idle.indexOf(pooled);
      if (i >= 0) idle.splice(i, 1);
    });
    idle.push(pooled);
  } else {
    void pooled.worker.terminate();
  }
}

/** Runs one job; rejects with a MediaError carrying the message the user sees. */
export async function runPdfJob(
  job: PdfJob,
  limits: PdfRunLimits,
  onMessage: (msg: PdfWorkerMessage) => void,
): Promise<PdfDone> {
  const release = await acquire();
  try {
    return await runOnWorker(job, limits, onMessage);
  } finally {
    release();
  }
}

function runOnWorker(
  job: PdfJob,
  limits: PdfRunLimits,
  onMessage: (msg: PdfWorkerMessage) => void,
): Promise<PdfDone> {
  const pooled = take(limits.maxHeapMb);
  const { worker } = pooled;
  return new Promise<PdfDone>((resolve, reject) => {
    let settled = false;
    const finish = (err: MediaError | null, value?: PdfDone) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      giveBack(pooled, err === null);
      if (err) reject(err);
      else resolve(value as PdfDone);
    };
    // The clock includes start-up: a worker that cannot even start counts against the file.
    const timer = setTimeout(
      () => finish(new MediaError(422, 'Reading this PDF took too long; it was stopped.')),
      limits.timeoutMs,
    );
    worker.on('message', (msg: PdfWorkerMessage) => {
      if (msg.type === 'done') finish(null, msg);
      else if (msg.type === 'fail') finish(new MediaError(msg.status, msg.message));
      else onMessage(msg);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const message =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? 'This PDF needs more memory than we allow; it was stopped.'
          : 'This PDF could not be read.';
      finish(new MediaError(422, message));
    });
    worker.on('exit', () => finish(new MediaError(422, 'This PDF could not be read.')));
    pooled.ready.then(
      () => worker.postMessage(job, [job.data.buffer as ArrayBuffer]),
      () => finish(new MediaError(500, 'The PDF reader could not start.')),
    );
  });
}
