import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';

/**
 * Creates (if need be) and migrates the embedded database in the directory given as the only
 * argument, then exits; prints the migrations it applied as JSON. Started by db/open-migrated.ts
 * so that the memory migrating takes is given back to the system when this process ends. An
 * entry of the bundle like main.ts, and beside it: server-files.ts finds files from there.
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: migrate.child <embedded database directory>');
const database = await openDatabase({ pgliteDir: dir });
try {
  process.stdout.write(JSON.stringify(await migrate(database.db)));
} finally {
  await database.close();
}
