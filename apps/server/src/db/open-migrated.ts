import { childEntryArgs } from '../server-files.ts';
import { type Database, type DatabaseOptions, openDatabase } from './client.ts';
import { embeddedDirExists } from './embedded-init.ts';
import { migrate, pendingMigrations } from './migrate.ts';
import { runNodeChild } from './run-child.ts';

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
  // No time limit: a migration backfilling a long history may take as long as it needs.
  const printed = await runNodeChild(
    [...CHILD_ENTRY, dir],
    `Migrating the embedded database in ${dir}`,
  );
  return JSON.parse(printed) as string[];
}
