/**
 * The repository checks that Biome cannot express, run by `npm run lint` after `biome check`:
 * source size limits (with their listed exceptions) and docs that name only files in the repo.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describeOffender, isCheckedSource, judgeSizes, sizeOffenders } from './code-size.ts';
import { docLinkProblems } from './doc-links.ts';
import { SIZE_EXCEPTIONS } from './size-exceptions.ts';

const root = new URL('../../', import.meta.url).pathname;
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
});
// Files deleted in the working tree are still listed by git until staged.
const files = new Set(listed.split('\n').filter((f) => f && existsIn(root, f)));
const read = (f: string) => readFileSync(root + f, 'utf8');

function existsIn(dir: string, f: string): boolean {
  try {
    readFileSync(dir + f);
    return true;
  } catch {
    return false;
  }
}

const offenders = [...files].filter(isCheckedSource).flatMap((f) => sizeOffenders(f, read(f)));
const { unexcused, stale } = judgeSizes(offenders, SIZE_EXCEPTIONS);
const problems = [
  ...unexcused.map(
    (o) =>
      `${describeOffender(o)}: split it (or, with a reason, list it in scripts/checks/size-exceptions.ts)`,
  ),
  ...stale.map(
    (e) =>
      `scripts/checks/size-exceptions.ts: ${e.path}${e.fn ? ` ${e.fn}` : ''} is within the limit now; delete its exception`,
  ),
  ...docLinkProblems({ files, read }),
];
for (const p of problems) process.stderr.write(`✖ ${p}\n`);
if (problems.length > 0) process.exit(1);
process.stdout.write(
  `Checked ${files.size} files: sizes (${SIZE_EXCEPTIONS.length} listed exceptions) and doc links.\n`,
);
