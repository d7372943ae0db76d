import ts from 'typescript';

/** The house limits: files under ~300 lines, functions under ~80 (tests excepted). */
export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 80;

/** Source we write and review: code, styles and SQL. Markdown, JSON and lockfiles are not. */
const SOURCE = /\.(ts|tsx|mts|js|mjs|css|sql)$/;
const CODE = /\.(ts|tsx|mts|js|mjs)$/;
/** Tests and their support (helpers, fixtures, kits, the browser journeys) are not held to it. */
const TEST =
  /(^|\/)(e2e|test|testing)\/|\.(test|spec)\.[a-z]+$|\.test-kit\.[a-z]+$|\.fixture\.[a-z]+$/;
const GENERATED = /\.gen\.[a-z]+$/;

export const isCheckedSource = (path: string) =>
  SOURCE.test(path) && !TEST.test(path) && !GENERATED.test(path);

export interface Offender {
  path: string;
  /** Absent for a whole file. */
  fn?: string;
  lines: number;
  limit: number;
}

export const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** A readable name for a function node: its own name, or what it is assigned or passed to. */
function nameOf(node: ts.SignatureDeclaration, sf: ts.SourceFile): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText(sf);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(sf);
  }
  if (ts.isCallExpression(parent)) {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    return `${parent.expression.getText(sf)}(…) callback at line ${line}`;
  }
  const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  return `function at line ${line}`;
}

/** Every function-like node longer than the limit, with its line count. */
export function longFunctions(path: string, text: string, limit = MAX_FUNCTION_LINES) {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: Offender[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) found.push({ path, fn: nameOf(node, sf), lines, limit });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The file itself when too long, then each too-long function in it. */
export function sizeOffenders(path: string, text: string): Offender[] {
  const found: Offender[] = [];
  const lines = lineCount(text);
  if (lines > MAX_FILE_LINES) found.push({ path, lines, limit: MAX_FILE_LINES });
  if (CODE.test(path)) found.push(...longFunctions(path, text));
  return found;
}

export interface SizeException {
  path: string;
  /** The function's name as the checker prints it; absent for the file's own length. */
  fn?: string;
  /** Who will remove it; 'none' for a permanent one. */
  owner: string;
  reason: string;
}

const keyOf = (o: { path: string; fn?: string | undefined }) => `${o.path}#${o.fn ?? ''}`;

/**
 * Compares offenders with the exception list: what is over a limit without an exception, and
 * which exceptions no longer match anything (so the list shrinks as code is fixed).
 */
export function judgeSizes(offenders: Offender[], exceptions: SizeException[]) {
  const excepted = new Set(exceptions.map(keyOf));
  const offending = new Set(offenders.map(keyOf));
  return {
    unexcused: offenders.filter((o) => !excepted.has(keyOf(o))),
    stale: exceptions.filter((e) => !offending.has(keyOf(e))),
  };
}

export const describeOffender = (o: Offender) =>
  o.fn
    ? `${o.path}: function ${o.fn} has ${o.lines} lines (limit ${o.limit})`
    : `${o.path}: ${o.lines} lines (limit ${o.limit})`;
