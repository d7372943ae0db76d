import { spawn } from 'node:child_process';

/**
 * Runs node with `args` in a short-lived child process and returns what it printed. The
 * embedded database is created and migrated this way so that the memory PGlite takes for it
 * goes back to the system when the child exits. Throws, with the end of the child's stderr,
 * when it fails; stops it after `timeoutMs` when one is given.
 */
export async function runNodeChild(
  args: string[],
  what: string,
  timeoutMs?: number,
): Promise<string> {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += String(d);
  });
  child.stderr.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
  if (exitCode !== 0) throw new Error(`${what} failed (exit ${exitCode}): ${stderr}`);
  return stdout;
}
