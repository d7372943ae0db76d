import { readdirSync, readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { serverPath } from '../server-files.ts';
import type { DB } from './schema.ts';

/** Read from the source tree also by the compiled bundle (dist/main.js). */
const MIGRATIONS_DIR = serverPath('src/db/migrations/');
/** Arbitrary constant: serialises migrations when several processes start at once. */
const MIGRATION_LOCK = 4_242_001;

const migrationFiles = (): string[] =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();

/** The migrations not yet applied, without applying any. */
export async function pendingMigrations(db: Kysely<DB>): Promise<string[]> {
  const table = await sql<{ t: string | null }>`
    SELECT to_regclass('schema_migrations')::text AS t`.execute(db);
  if (!table.rows[0]?.t) return migrationFiles();
  const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
  const seen = new Set(done.rows.map((r) => r.name));
  return migrationFiles().filter((f) => !seen.has(f));
}

/** Applies every not-yet-applied `migrations/*.sql` file in name order, each in a transaction. */
export async function migrate(db: Kysely<DB>): Promise<string[]> {
  const files = migrationFiles();
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(conn);
      const seen = new Set(done.rows.map((r) => r.name));
      for (const file of files) {
        if (seen.has(file)) continue;
        const text = readFileSync(MIGRATIONS_DIR + file, 'utf8');
        await conn.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
        });
        applied.push(file);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
  return applied;
}
