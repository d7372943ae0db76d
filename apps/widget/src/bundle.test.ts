import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Bundles an entry as the widget build does and lists the files that ended up in it. */
async function bundledInputs(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [decodeURIComponent(new URL(entry, import.meta.url).pathname)],
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    metafile: true,
  });
  return Object.values(result.metafile.outputs).flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file),
  );
}

describe('the widget bundle', () => {
  it('takes no zod from the shared package: its entry is the zod-free one', async () => {
    const inputs = await bundledInputs('./main.ts');
    expect(inputs.some((f) => f.includes('packages/shared/src/core/'))).toBe(true);
    expect(inputs.filter((f) => /node_modules|packages\/shared\/src\/schemas/.test(f))).toEqual([]);
  });

  it('would take zod through the full entry (so the check above can fail)', async () => {
    const inputs = await bundledInputs('../../../packages/shared/src/index.ts');
    expect(inputs.some((f) => f.includes('node_modules/zod'))).toBe(true);
  });
});
