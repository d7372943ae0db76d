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

/**
 * node's arguments for a child process's entry (`src`-relative, written as its .ts source):
 * its compiled file in dist/ with plain node, or the source through the tsx loader.
 */
export function childEntryArgs(source: string): string[] {
  if (compiled) return [serverPath(`dist/${source.replace(/\.ts$/, '.js')}`)];
  return ['--import', import.meta.resolve('tsx'), serverPath(`src/${source}`)];
}
