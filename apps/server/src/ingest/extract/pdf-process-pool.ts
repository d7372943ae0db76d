import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { MediaError } from '../../lib/file-type.ts';
import { childEntryArgs } from '../../server-files.ts';
import { ProcessWatch } from './process-watch.ts';
import type { PdfJob, PdfWorkerMessage } from './workers/pdf-protocol.ts';

const CHILD_ENTRY = childEntryArgs('ingest/extract/workers/pdf.child.ts');
/** util-linux's prlimit sets the child's data-segment limit before node starts. */
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p));
/** A process is retired after this many files so nothing a file left behind accumulates. */
const JOBS_PER_PROCESS = 25;
/** PDFs parsed at once (the machine has two cores); further uploads wait their turn. */
const MAX_CONCURRENT = 2;
/** Warm processes kept between uploads (starting one and loading pdf.js costs seconds). */
const MAX_IDLE = 2;

export type PdfDone = Extract<PdfWorkerMessage, { type: 'done' }>;

export interface PdfRunLimits {
  timeoutMs: number;
  /** V8 heap of the reading process. */
  maxHeapMb: number;
  /** Resident memory of the reading process; past it the process is killed. */
  maxMemoryMb: number;
}

export const PDF_MESSAGES = {
  tooLong: 'Reading this PDF took too long; it was stopped.',
  tooMuchMemory: 'This PDF needs more memory than we allow; it was stopped.',
  unreadable: 'This PDF could not be read.',
  cannotStart: 'The PDF reader could not start.',
} as const;

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

interface PooledProcess {
  child: ChildProcess;
  ready: Promise<void>;
  jobs: number;
  limitsKey: string;
  watch: ProcessWatch;
}
const idle: PooledProcess[] = [];

/**
 * The reading process: node with a V8 heap cap, under an operating-system data limit (RLIMIT_DATA,
 * when prlimit is there; RLIMIT_AS cannot be used, V8 and WebAssembly reserve far more address
 * space than they touch), watched for resident memory by the parent and killed on excess.
 */
function spawnProcess(limits: PdfRunLimits): PooledProcess {
  const node = [`--max-old-space-size=${limits.maxHeapMb}`, ...CHILD_ENTRY];
  const dataLimit = `--data=${(limits.maxMemoryMb + limits.maxHeapMb) * 1024 * 1024}`;
  const [command, args] = PRLIMIT
    ? [PRLIMIT, [dataLimit, process.execPath, ...node]]
    : [process.execPath, node];
  const child = spawn(command, args, {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  const watch = new ProcessWatch(child, limits.maxMemoryMb);
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (msg: PdfWorkerMessage) => {
      if (msg.type !== 'ready') return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.once('error', reject);
    child.once('exit', () => reject(new Error('PDF process exited while starting')));
  });
  ready.catch(() => undefined);
  return { child, ready, jobs: 0, limitsKey: `${limits.maxHeapMb}/${limits.maxMemoryMb}`, watch };
}

/** The child's stderr pipe as the socket it is (Readable's type hides ref/unref). */
const streamOf = (child: ChildProcess) => child.stderr as Socket | null;

function take(limits: PdfRunLimits): PooledProcess {
  const key = `${limits.maxHeapMb}/${limits.maxMemoryMb}`;
  const at = idle.findIndex((p) => p.limitsKey === key);
  const pooled = at >= 0 ? (idle.splice(at, 1)[0] as PooledProcess) : spawnProcess(limits);
  pooled.child.ref();
  pooled.child.channel?.ref();
  streamOf(pooled.child)?.ref();
  return pooled;
}

function giveBack(pooled: PooledProcess, healthy: boolean): void {
  pooled.jobs++;
  pooled.watch.stop();
  const { child } = pooled;
  if (healthy && idle.length < MAX_IDLE && pooled.jobs < JOBS_PER_PROCESS) {
    for (const event of ['message', 'error', 'exit'] as const) child.removeAllListeners(event);
    // An idle process must not keep its parent alive: neither it, nor its IPC channel, nor the
    // pipe its errors come through (a bench or a script would otherwise never exit).
    child.unref();
    child.channel?.unref();
    streamOf(child)?.unref();
    child.once('exit', () => {
      const i = idle.indexOf(pooled);
      if (i >= 0) idle.splice(i, 1);
    });
    idle.push(pooled);
  } else {
    child.kill('SIGKILL');
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
    return await runInProcess(job, limits, onMessage);
  } finally {
    release();
  }
}

function runInProcess(
  job: PdfJob,
  limits: PdfRunLimits,
  onMessage: (msg: PdfWorkerMessage) => void,
): Promise<PdfDone> {
  const pooled = take(limits);
  const { child, watch } = pooled;
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
    // The clock includes start-up: a process that cannot even start counts against the file.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new MediaError(422, PDF_MESSAGES.tooLong));
    }, limits.timeoutMs);
    watch.start(() => finish(new MediaError(422, PDF_MESSAGES.tooMuchMemory)));
    child.on('message', (msg: PdfWorkerMessage) => {
      if (msg.type === 'done') finish(null, msg);
      else if (msg.type === 'fail') finish(new MediaError(msg.status, msg.message));
      else onMessage(msg);
    });
    child.on('error', () => finish(new MediaError(422, PDF_MESSAGES.unreadable)));
    child.on('exit', (code, signal) => {
      // Killed by the kernel or V8 for memory (a signal, or node's fatal out-of-memory exit).
      const outOfMemory = watch.sawOutOfMemory() || signal !== null || code === 134;
      finish(
        new MediaError(422, outOfMemory ? PDF_MESSAGES.tooMuchMemory : PDF_MESSAGES.unreadable),
      );
    });
    pooled.ready.then(
      () => child.send(job),
      () => finish(new MediaError(500, PDF_MESSAGES.cannotStart)),
    );
  });
}

/** Resident memory and CPU of the reading processes so far (benchmarks and tests). */
export { pdfProcessStats } from './process-watch.ts';
