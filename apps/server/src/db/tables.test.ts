import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchTestDb, type SearchTestDb } from '../search/testing/search-db.ts';
import { type DeclaredTables, readDeclaredTables } from './testing/declared-columns.ts';
import {
  type MigratedTables,
  readMigratedTables,
  schemaDifferences,
} from './testing/schema-diff.ts';

/**
 * db/tables/*.ts are written by hand beside the SQL migrations. This test migrates a fresh
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and compares it with the `DB`
 * interface read by the TypeScript compiler, column by column.
 */

/** Created by migration 0008 only where pgvector is available. */
const PGVECTOR_TABLES = ['chunk_embeddings'];

let t: SearchTestDb;
let declared: DeclaredTables;
let migrated: MigratedTables;

beforeAll(async () => {
  t = await openSearchTestDb(process.env.TEST_DATABASE_URL);
  declared = readDeclaredTables();
  migrated = await readMigratedTables(t.db);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** A copy of the declared tables that a test can change without touching the others. */
const copyOf = (tables: DeclaredTables): DeclaredTables =>
  new Map(
    [...tables].map(([name, cols]) => [name, new Map([...cols].map(([c, d]) => [c, { ...d }]))]),
  );

describe('db/tables/*.ts against the migrated schema', () => {
  it('agree: tables, columns, nullability, value kinds and insert defaults', () => {
    expect(schemaDifferences(declared, migrated, PGVECTOR_TABLES)).toEqual([]);
  });

  it('compare chunk_embeddings too where pgvector is available (NOTICE: skipped without)', ({
    skip,
  }) => {
    if (!migrated.has('chunk_embeddings')) skip();
    expect(schemaDifferences(declared, migrated)).toEqual([]);
  });

  it('reports each kind of disagreement', () => {
    const wrong = copyOf(declared);
    const users = wrong.get('users')!;
    users.get('email')!.nullable = true;
    users.get('full_name')!.kinds = ['number'];
    users.get('password_hash')!.kinds = ['date'];
    users.delete('created_at');
    users.set('nickname', {
      kinds: ['string'],
      nullable: false,
      untyped: false,
      insertOptional: false,
      text: 'string',
    });
    wrong.get('sessions')!.get('expires_at')!.insertOptional = true;
    wrong.set('ghosts', new Map());
    wrong.delete('bots');
    expect(schemaDifferences(wrong, migrated, PGVECTOR_TABLES).sort()).toEqual(
      [
        'ghosts: declared, not in the schema',
        'bots: in the schema, not declared',
        'users.nickname: not in the schema',
        'users.created_at: not declared',
        'users.email (text, declared string): declared nullable but NOT NULL',
        'users.full_name (text, declared Generated<string>): declared as number',
        'users.password_hash (text, declared string | null): declared as date',
        'sessions.expires_at (timestamptz, declared RequiredTimestamp): inserts may leave it out, but it is NOT NULL without a default',
      ].sort(),
    );
  });
});
