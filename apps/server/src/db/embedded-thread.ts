import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../server-files.ts';

export interface EmbeddedThreadData {
  /** PGlite data directory; `null` keeps the database in memory. */
  dir: string | null;
  /** PostgreSQL settings (`-c name=value`) on top of PGlite's start parameters. */
  settings: string[];
  socketPath: string;
}

export type EmbeddedThreadMessage = { type: 'ready' } | { type: 'close' };

export interface EmbeddedThread {
  /** Directory of the Unix socket the database listens on (pg's `host`) and its `port`. */
  socketDir: string;
  port: number;
  /** The thread itself, for tests that stop it the way a crash would. */
  worker: Worker;
  /** Closes the database and ends the thread. */
  close(): Promise<void>;
}

const ENTRY = workerEntry('db/embedded-db.worker.ts');
const PORT = 5432;
/**
 * The thread's JavaScript is PGlite's glue and the socket server: short-lived buffers of
 * results on their way to the socket (its live heap stays near 15 MB). V8 gave its nursery 34 MB
 * by default, resident memory the thread does not need.
 */
const YOUNG_GENERATION_MB = 8;

/**
 * Starts the embedded database (PGlite behind a Postgres wire-protocol socket) in a worker
 * thread, db/embedded-db.worker.ts, so that it runs on another core than HTTP, retrieval and
 * answering. Rejects when the database fails to start. Once started, the thread ending in any
 * other way than `close()` (an uncaught error, WebAssembly aborting) takes the database with
 * it: `onFailure` is called and queries fail from then on.
 */
export async function startEmbeddedThread(
  dir: string | null,
  settings: string[],
  onFailure: (err: Error) => void,
): Promise<EmbeddedThread> {
  // Unix socket paths are limited to ~100 bytes, so the socket lives in a short temp dir.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'docent-pg-'));
  const data: EmbeddedThreadData = {
    dir,
    settings,
    socketPath: path.join(socketDir, `.s.PGSQL.${PORT}`),
  };
  const worker = new Worker(ENTRY.specifier, {
    eval: ENTRY.eval,
    workerData: data,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  let closing = false;
  let error: Error | undefined;
  const exited = new Promise<number>((resolve) =>
    worker.once('exit', (code) => {
      rmSync(socketDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  worker.on('error', (err) => {
    error ??= err;
  });
  await Promise.race([
    new Promise((resolve) => worker.once('message', resolve)),
    exited.then((code) => {
      throw new Error(`The embedded database failed to start (thread exit ${code})`, {
        cause: error,
      });
    }),
  ]);
  void exited.then((code) => {
    if (closing) return;
    onFailure(
      new Error(`The embedded database stopped: its thread ended (exit ${code})`, {
        cause: error,
      }),
    );
  });
  return {
    socketDir,
    port: PORT,
    worker,
    async close() {
      closing = true;
      worker.postMessage({ type: 'close' } satisfies EmbeddedThreadMessage);
      await exited;
      if (error) throw new Error('The embedded database failed to close', { cause: error });
    },
  };
}
