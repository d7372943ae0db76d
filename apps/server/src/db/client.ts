import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { initEmbeddedDir } from './embedded-init.ts';
import { EMBEDDED_SETTINGS } from './embedded-settings.ts';
import { startEmbeddedThread } from './embedded-thread.ts';
import { keepMarkedStatementsPrepared } from './prepared-statements.ts';
import type { DB } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent an embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `null` keeps the embedded database in memory (tests). */
  pgliteDir?: string | null;
  /** Pool size for real PostgreSQL. */
  maxConnections?: number;
  /**
   * Errors of idle pooled connections (server restart, terminated backend). pg emits them on
   * the pool; without a listener such an error would crash the process.
   */
  onIdleError?: (err: Error) => void;
  /**
   * The embedded database stopped on its own (its thread ended): every query fails from then
   * on. By default the error is thrown, which ends the process.
   */
  onEmbeddedFailure?: (err: Error) => void;
}

/**
 * pg returns int8/numeric as strings to avoid precision loss; our counts and scores fit in a
 * double, so parse them as numbers for both back ends alike.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * One code path for both back ends: Kysely over pg.Pool. In embedded mode PGlite, in a thread
 * of its own, is served over the Postgres wire protocol on a private Unix socket, so the same
 * driver, type parsing and SQL run against both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      types,
    });
    const onError = options.onIdleError ?? (() => {});
    pool.on('error', onError);
    // pg-pool listens for errors only on idle clients. A client checked out between two queries
    // (inside a transaction, or just acquired) whose backend is terminated emits 'error' with no
    // listener, which would end the process; its query fails instead and the pool drops it.
    pool.on('connect', (client) => {
      client.on('error', onError);
      keepMarkedStatementsPrepared(client);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  return openEmbedded(options);
}

async function openEmbedded(options: DatabaseOptions): Promise<Database> {
  const dir = options.pgliteDir ?? null;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await initEmbeddedDir(dir, EMBEDDED_SETTINGS);
  }
  const thread = await startEmbeddedThread(
    dir,
    EMBEDDED_SETTINGS,
    options.onEmbeddedFailure ??
      ((err) => {
        throw err;
      }),
  );
  // PGlite is a single connection: one pooled client keeps transactions unambiguous.
  const pool = new pg.Pool({
    host: thread.socketDir,
    port: thread.port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // Kept while idle: reconnecting to a thread of this process gains nothing and would prepare
    // the kept statements again.
    idleTimeoutMillis: 0,
    types,
  });
  // The connection breaks when the database's thread ends: its query fails, the failure itself
  // goes to onEmbeddedFailure.
  pool.on('error', options.onIdleError ?? (() => {}));
  pool.on('connect', keepMarkedStatementsPrepared);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      await thread.close();
    },
  };
}
