import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';
import type { DeclaredTables, ValueKind } from './declared-columns.ts';

/** One column as information_schema describes it. */
export interface MigratedColumn {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  udt_name: string;
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

export type MigratedTables = Map<string, Map<string, MigratedColumn>>;

/** How each PostgreSQL type arrives in JavaScript through db/client.ts. */
const KIND_OF_PG_TYPE: Record<string, ValueKind[]> = {
  text: ['string'],
  varchar: ['string'],
  citext: ['string'],
  uuid: ['string'],
  inet: ['string'],
  // pgvector's text form, `[0.1,0.2,…]`
  vector: ['string'],
  int2: ['number'],
  int4: ['number'],
  // int8 and numeric are parsed as numbers (db/client.ts)
  int8: ['number'],
  numeric: ['number'],
  float4: ['number'],
  float8: ['number'],
  bool: ['boolean'],
  timestamptz: ['date'],
  timestamp: ['date'],
  date: ['date'],
  bytea: ['bytes'],
  json: ['json', 'array'],
  jsonb: ['json', 'array'],
};

/** Migration bookkeeping, not part of the application's schema. */
const INTERNAL_TABLES = new Set(['schema_migrations']);

/** Every column of every application table of the connected database. */
export async function readMigratedTables(db: Kysely<DB>): Promise<MigratedTables> {
  const { rows } = await sql<MigratedColumn>`
    SELECT c.table_name, c.column_name, c.is_nullable, c.udt_name, c.column_default,
           c.is_identity, c.is_generated
      FROM information_schema.columns c
      JOIN information_schema.tables tb
        ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
     WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'`.execute(db);
  const tables: MigratedTables = new Map();
  for (const row of rows) {
    if (INTERNAL_TABLES.has(row.table_name)) continue;
    const table = tables.get(row.table_name) ?? new Map<string, MigratedColumn>();
    table.set(row.column_name, row);
    tables.set(row.table_name, table);
  }
  return tables;
}

const missing = (a: Iterable<string>, b: { has(k: string): boolean }) =>
  [...a].filter((k) => !b.has(k)).sort();

function columnDifferences(
  table: string,
  name: string,
  col: MigratedColumn,
  tables: DeclaredTables,
) {
  const d = tables.get(table)?.get(name);
  if (!d) return [];
  const found: string[] = [];
  const where = `${table}.${name} (${col.udt_name}, declared ${d.text})`;
  const fillable =
    col.is_nullable === 'YES' ||
    col.column_default !== null ||
    col.is_identity === 'YES' ||
    col.is_generated === 'ALWAYS';
  if (d.insertOptional && !fillable) {
    found.push(`${where}: inserts may leave it out, but it is NOT NULL without a default`);
  }
  if (d.untyped) return found;
  // `_text`, `_int4` …: PostgreSQL arrays
  const accepted = col.udt_name.startsWith('_') ? ['array'] : KIND_OF_PG_TYPE[col.udt_name];
  if (!accepted) found.push(`${where}: add ${col.udt_name} to KIND_OF_PG_TYPE`);
  else if (!d.kinds.every((k) => accepted.includes(k))) {
    found.push(`${where}: declared as ${d.kinds.join(' | ')}`);
  }
  if (d.nullable !== (col.is_nullable === 'YES')) {
    found.push(`${where}: ${d.nullable ? 'declared nullable but NOT NULL' : 'nullable'}`);
  }
  return found;
}

/**
 * Where db/tables/*.ts and the migrated schema disagree: tables or columns on one side only,
 * nullability, value kinds, and columns an insert may leave out that the database cannot fill.
 * `optionalTables` may be declared without existing (created only where an extension is).
 */
export function schemaDifferences(
  declared: DeclaredTables,
  migrated: MigratedTables,
  optionalTables: string[] = [],
): string[] {
  const found: string[] = [];
  const required = missing(declared.keys(), new Set(optionalTables));
  for (const t of missing(required, migrated)) found.push(`${t}: declared, not in the schema`);
  for (const t of missing(migrated.keys(), declared))
    found.push(`${t}: in the schema, not declared`);
  for (const [table, columns] of migrated) {
    const typed = declared.get(table);
    if (!typed) continue;
    for (const c of missing(typed.keys(), columns)) found.push(`${table}.${c}: not in the schema`);
    for (const c of missing(columns.keys(), typed)) found.push(`${table}.${c}: not declared`);
    for (const [name, col] of columns) found.push(...columnDifferences(table, name, col, declared));
  }
  return found;
}
