import { Worker, type WorkerOptions } from 'node:worker_threads';

const TSX_API = import.meta.resolve('tsx/esm/api');

/**
 * Starts a worker thread whose entry is a .ts file. `execArgv: ['--import', 'tsx']` does not
 * reach a worker's entry module on Node 20 (the hooks register too late), so a tiny eval'd
 * bootstrap loads the entry through tsx's API instead; it behaves the same under tsx and vitest.
 */
export function spawnTsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const code = `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.tsImport(${JSON.stringify(
    entry.href,
  )}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { ...options, eval: true });
}
