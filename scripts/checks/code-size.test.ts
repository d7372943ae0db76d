import { describe, expect, it } from 'vitest';
import {
  isCheckedSource,
  judgeSizes,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
  sizeOffenders,
} from './code-size.ts';

/** A function whose declaration spans exactly `lines` lines. */
const fnOf = (name: string, lines: number) =>
  `export function ${name}() {\n${'  work();\n'.repeat(lines - 2)}}\n`;

describe('code size check', () => {
  it('reports a function one line over the limit, by name, and not one at the limit', () => {
    const text = fnOf('atLimit', MAX_FUNCTION_LINES) + fnOf('overLimit', MAX_FUNCTION_LINES + 1);
    expect(sizeOffenders('src/a.ts', text)).toEqual([
      { path: 'src/a.ts', fn: 'overLimit', lines: MAX_FUNCTION_LINES + 1, limit: 80 },
    ]);
  });

  it('names arrow functions and React components after their variable, in .tsx too', () => {
    const body = '  return <div />;\n'.repeat(MAX_FUNCTION_LINES);
    const text = `export const Panel = () => {\n${body}};\n`;
    expect(sizeOffenders('src/Panel.tsx', text).map((o) => o.fn)).toEqual(['Panel']);
  });

  it('reports a file over the limit, CSS included', () => {
    const css = '.a { color: red; }\n'.repeat(MAX_FILE_LINES + 1);
    expect(sizeOffenders('src/app.css', css)).toEqual([
      { path: 'src/app.css', lines: MAX_FILE_LINES + 1, limit: MAX_FILE_LINES },
    ]);
    expect(sizeOffenders('src/app.css', '.a {}\n'.repeat(MAX_FILE_LINES))).toEqual([]);
  });

  it('leaves tests, their helpers and generated files out', () => {
    for (const path of [
      'apps/server/src/a.test.ts',
      'e2e/chat.spec.ts',
      'e2e/knowledge.helpers.ts',
      'apps/server/test/helpers/app.ts',
      'apps/server/src/search/testing/search-db.ts',
      'apps/server/src/http/routes/auth/auth.test-kit.ts',
      'apps/server/src/ingest/crawl/test-site.fixture.ts',
      'apps/web/src/routes.gen.ts',
      'docs/spec.md',
    ]) {
      expect(isCheckedSource(path), path).toBe(false);
    }
    expect(isCheckedSource('apps/server/src/lib/safe-fetch.ts')).toBe(true);
    expect(isCheckedSource('apps/web/src/styles/landing.css')).toBe(true);
  });

  it('fails an offender without an exception and an exception that matches nothing', () => {
    const offenders = [
      { path: 'a.ts', fn: 'long', lines: 90, limit: 80 },
      { path: 'b.ts', lines: 301, limit: 300 },
    ];
    const exceptions = [
      { path: 'a.ts', fn: 'long', owner: 'x', reason: 'y' },
      { path: 'c.ts', owner: 'x', reason: 'fixed since' },
    ];
    expect(judgeSizes(offenders, exceptions)).toEqual({
      unexcused: [{ path: 'b.ts', lines: 301, limit: 300 }],
      stale: [{ path: 'c.ts', owner: 'x', reason: 'fixed since' }],
    });
  });
});
