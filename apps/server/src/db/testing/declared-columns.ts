import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** What a value looks like at runtime, as far as the schema check compares types. */
export type ValueKind = 'string' | 'number' | 'boolean' | 'date' | 'array' | 'bytes' | 'json';

export interface DeclaredColumn {
  /** The select type's kinds (null left out); one kind unless the declaration mixes them. */
  kinds: ValueKind[];
  nullable: boolean;
  /** Declared `unknown` or `any`: nothing to compare but the name. */
  untyped: boolean;
  /** Kysely lets an insert leave it out (its insert type admits null, undefined or never). */
  insertOptional: boolean;
  /** The declaration as written, for messages. */
  text: string;
}

export type DeclaredTables = Map<string, Map<string, DeclaredColumn>>;

const NULLISH = ts.TypeFlags.Null | ts.TypeFlags.Undefined;
const ANYTHING = ts.TypeFlags.Unknown | ts.TypeFlags.Any;

const SCHEMA = fileURLToPath(new URL('../schema.ts', import.meta.url));

function kindOf(type: ts.Type, checker: ts.TypeChecker): ValueKind {
  const f = type.flags;
  if (f & (ts.TypeFlags.StringLike | ts.TypeFlags.TemplateLiteral)) return 'string';
  if (f & ts.TypeFlags.NumberLike) return 'number';
  if (f & ts.TypeFlags.BooleanLike) return 'boolean';
  if (checker.isArrayType(type) || checker.isTupleType(type)) return 'array';
  const name = type.getSymbol()?.getName();
  if (name === 'Date') return 'date';
  if (name === 'Buffer' || name === 'Uint8Array') return 'bytes';
  return 'json';
}

const membersOf = (type: ts.Type) => (type.isUnion() ? type.types : [type]);
const has = (types: ts.Type[], flag: ts.TypeFlags) => types.some((t) => t.flags & flag);

/**
 * The `__select__`/`__insert__` side of a Kysely ColumnType, member by member as Kysely's own
 * conditional types distribute over a union (`Timestamp | null`); the plain type otherwise.
 */
function side(type: ts.Type, key: '__select__' | '__insert__', checker: ts.TypeChecker) {
  return membersOf(type).flatMap((member) => {
    const prop = member.getProperty(key);
    return prop ? membersOf(checker.getTypeOfSymbol(prop)) : [member];
  });
}

function describeColumn(type: ts.Type, checker: ts.TypeChecker, text: string): DeclaredColumn {
  const select = side(type, '__select__', checker);
  const insert = side(type, '__insert__', checker);
  const kinds = new Set(select.filter((t) => !(t.flags & NULLISH)).map((t) => kindOf(t, checker)));
  return {
    kinds: [...kinds].sort(),
    nullable: has(select, ts.TypeFlags.Null),
    untyped: has(select, ANYTHING),
    // `unknown` and `any` admit null and undefined too.
    insertOptional: has(insert, NULLISH | ts.TypeFlags.Never | ANYTHING),
    text,
  };
}

/**
 * Reads the `DB` interface of db/schema.ts with the TypeScript compiler: every table and, per
 * column, its select type, nullability and whether Kysely lets an insert leave it out.
 */
export function readDeclaredTables(): DeclaredTables {
  const program = ts.createProgram([SCHEMA], {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA);
  const symbol = source && checker.getSymbolAtLocation(source)?.exports?.get('DB' as ts.__String);
  if (!symbol) throw new Error(`No DB interface in ${SCHEMA}`);
  const tables: DeclaredTables = new Map();
  for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const type = checker.getTypeOfSymbol(column);
      const decl = column.valueDeclaration;
      const text = decl && ts.isPropertySignature(decl) ? (decl.type?.getText() ?? '') : '';
      columns.set(column.getName(), describeColumn(type, checker, text));
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}
