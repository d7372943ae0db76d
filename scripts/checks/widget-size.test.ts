import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const WIDGET = new URL('../../apps/widget/', import.meta.url);
/** Issue 14: the embeddable widget, with thumbs up/down, stays within 10 KB gzipped. */
const BUDGET_GZIP = 10 * 1024;

describe('the widget size budget', () => {
  it('stays within 10 KB gzipped (level 9, as served), built as its package.json builds it', async () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', WIDGET), 'utf8'));
    const target = /--target=(\S+)/.exec(pkg.scripts.build)?.[1];
    expect(target).toBeTruthy();
    const result = await build({
      entryPoints: [decodeURIComponent(new URL('src/main.ts', WIDGET).pathname)],
      bundle: true,
      minify: true,
      format: 'iife',
      target,
      legalComments: 'none',
      write: false,
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(BUDGET_GZIP);
  });
});
