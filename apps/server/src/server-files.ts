import { fileURLToPath } from 'node:url';

/**
 * Files the server reads or starts, found the same way whether it runs from its TypeScript
 * source (tests, development: `node --import tsx src/main.ts`) or from the compiled bundle
 * (`npm start`: `node dist/main.js`, built by the build script of apps/server/package.json).
 * This file and the bundle both sit one level below apps/server, so paths are taken from there.
 */
const SERVER_DIR = new URL('../', import.meta.url);

/** An absolute path under apps/server. */
export function serverPath(relative: string): string {
  return fileURLToPath(new URL(relative, SERVER_DIR));
}

const compiled = !import.meta.url.endsWith('.ts');

/** Where the build script puts the compiled entry of `source` (`src`-relative). */
const distFile = (source: string) => `dist/${source.replace(/\.ts$/, '.js')}`;

/**
 * node's arguments for a child process's entry (`src`-relative, written as its .ts source):
 * its compiled file in dist/ with plain node, or the source through the tsx loader.
 */
export function childEntryArgs(source: string): string[] {
  if (compiled) return [serverPath(distFile(source))];
  return ['--import', import.meta.resolve('tsx'), serverPath(`src/${source}`)];
}

/**
 * How to start a worker thread's entry (`src`-relative, written as its .ts source): its compiled
 * file in dist/, or a small script that registers the tsx loader in the new thread and then
 * imports the source (a worker does not inherit the parent's loader, nor takes `--import`).
 */
export function workerEntry(source: string): { specifier: string | URL; eval: boolean } {
  if (compiled) return { specifier: new URL(distFile(source), SERVER_DIR), eval: false };
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const file = JSON.stringify(new URL(`src/${source}`, SERVER_DIR).href);
  const script = `import(${tsx}).then((tsx) => tsx.register()).then(() => import(${file}))`;
  return { specifier: script, eval: true };
}
