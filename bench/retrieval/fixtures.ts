import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURES_DIR = path.resolve(REPO_ROOT, '../shared/fixtures');

/** The fixture's path, or null (after printing a notice) when the fixtures are absent. */
export function fixturePath(relative: string): string | null {
  const p = path.join(FIXTURES_DIR, relative);
  if (existsSync(p)) return p;
  process.stdout.write(`NOTICE: ${p} not found; this benchmark is skipped.\n`);
  return null;
}

export function readJsonLines<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

export function print(line: string): void {
  process.stdout.write(`${line}\n`);
}
