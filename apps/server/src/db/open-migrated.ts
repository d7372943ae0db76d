import { spawn } from 'node:child_process';
import { childEntryArgs } from '../server-files.ts';
import { type Database, type DatabaseOptions, openDatabase } from './client.ts';
import { embeddedDirExists } from './embedded-init.ts';
import { migrate, pendingMigrations } from './migrate.ts';

const CHILD_ENTRY = childEntryArgs('migrate.child.ts');

/**
 * The database, every migration applied; returns the migrations this start applied. An
 * embedded database in a directory is migrated in a short-lived child process before this
 * process opens it (at once when the directory is new, else when a migration is pending):
 * migrating in the serving process grew PGlite's WebAssembly heap and kept it, first starts
 * were resident at 270-301 MB against 250-259 MB for a restart of the same install.
 * PostgreSQL and in-memory databases (tests) are migrated here.
 */
export async function openMigratedDatabase(
  options: DatabaseOptions,
): Promise<{ database: Database; applied: string[] }> {
  const dir = options.databaseUrl ? null : (options.pgliteDir ?? null);
  let applied: string[] = [];
  if (dir && !embeddedDirExists(dir)) applied = await migrateInChild(dir);
  let database = await openDatabase(options);
  if (dir && (await pendingMigrations(database.db)).length > 0) {
    await database.close();
    applied = await migrateInChild(dir);
    database = await openDatabase(options);
  }
  return { database, applied: [...applied, ...(await migrate(database.db))] };
}

async function migrateInChild(dir: string): Promise<string[]> {
  const child = spawn(process.execPath, [...CHILD_ENTRY, dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
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
  if (exitCode !== 0) {
    throw new Error(
      `Migrating the embedded database in ${dir} failed (exit ${exitCode}): ${stderr}`,
    );
  }
  return JSON.parse(stdout) as string[];
}
