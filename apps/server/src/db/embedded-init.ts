import { existsSync } from 'node:fs';
import path from 'node:path';
import { runNodeChild } from './run-child.ts';

const PGLITE = import.meta.resolve('@electric-sql/pglite');
const INIT_TIMEOUT_MS = 10 * 60_000;

/** Whether `dir` holds an embedded database already. */
export const embeddedDirExists = (dir: string): boolean => existsSync(path.join(dir, 'PG_VERSION'));

/**
 * Creates the embedded database in `dir` (initdb) in a short-lived child process, unless it
 * exists. PGlite runs initdb in two more WebAssembly instances of its own; in this process they
 * raised the peak resident size to ~930 MB and left ~200 MB behind that the garbage collector
 * returned late or never. In a child, all of it goes back to the system when the child exits.
 * The child is plain node (no TypeScript loader): it only runs PGlite's own JavaScript.
 */
export async function initEmbeddedDir(dir: string, settings: string[]): Promise<void> {
  if (embeddedDirExists(dir)) return;
  const script = [
    `const { PGlite } = await import(${JSON.stringify(PGLITE)});`,
    `const settings = ${JSON.stringify(settings)};`,
    `const startParams = [...PGlite.defaultStartParams, ...settings];`,
    `const db = await PGlite.create({ dataDir: ${JSON.stringify(dir)}, startParams });`,
    'await db.close();',
  ].join('\n');
  await runNodeChild(
    ['--input-type=module', '-e', script],
    `Creating the embedded database in ${dir}`,
    INIT_TIMEOUT_MS,
  );
}
