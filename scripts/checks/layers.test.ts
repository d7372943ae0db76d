import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of biome.json, exercised the way `npm run lint` runs them: probe files at
 * real paths of a scratch tree that holds a copy of the repository's biome.json.
 */
const root = new URL('../../', import.meta.url).pathname;
const biome = path.join(root, 'node_modules/.bin/biome');
const S = 'apps/server/src';
const W = 'apps/web/src';

/** [file, import specifier, whether the layers forbid it] */
const PROBES: [string, string, boolean][] = [
  [`${S}/modules/bots/probe.ts`, '../../http/envelope.ts', true],
  [`${S}/modules/bots/probe.ts`, '../../app-context.ts', true],
  [`${S}/modules/bots/probe.ts`, '../../jobs/definitions/index.ts', true],
  [`${S}/modules/bots/probe.ts`, '../../ingest/pipeline.ts', false],
  [`${S}/modules/bots/probe.ts`, '../../jobs/queue.ts', false],
  [`${S}/ingest/crawl/probe.ts`, '../../modules/bots/bots.repo.ts', true],
  [`${S}/ingest/crawl/probe.ts`, '../../rag/retrieve.ts', true],
  [`${S}/ingest/crawl/probe.ts`, '../../search/chunker.ts', false],
  [`${S}/ingest/crawl/probe.ts`, '../../realtime/realtime-hub.ts', false],
  [`${S}/rag/probe.ts`, '../ingest/pipeline.ts', true],
  [`${S}/rag/probe.ts`, '../search/bm25.ts', false],
  [`${S}/search/probe.ts`, '../rag/retrieve.ts', true],
  [`${S}/search/probe.ts`, '../db/schema.ts', false],
  [`${S}/lib/probe.ts`, '../modules/plans/plans.ts', true],
  [`${S}/lib/probe.ts`, '../search/bm25.ts', true],
  [`${S}/db/probe.ts`, '../lib/logger.ts', false],
  [`${S}/jobs/probe.ts`, './definitions/index.ts', true],
  [`${S}/realtime/realtime-hub.ts`, '../modules/auth/sessions.service.ts', true],
  [`${S}/realtime/attach-realtime.ts`, '../http/app.ts', true],
  [`${S}/realtime/attach-realtime.ts`, '../modules/bots/bots.repo.ts', false],
  [`${S}/jobs/definitions/probe.ts`, '../../http/app.ts', true],
  [`${S}/jobs/definitions/probe.ts`, '../../ingest/pipeline.ts', false],
  [`${S}/http/routes/probe.ts`, '../../ingest/pipeline.ts', true],
  [`${S}/http/routes/probe.ts`, '../../db/schema.ts', true],
  [`${S}/http/routes/probe.ts`, '../../modules/bots/bots.service.ts', false],
  // Tests may reach across the layers.
  [`${S}/modules/bots/probe.test.ts`, '../../http/app.ts', false],
  // The web app: lib ← components ← features (through each other's index.ts) ← pages ← app.
  [`${W}/features/media/probe.ts`, '../knowledge/flows.ts', true],
  [`${W}/features/media/probe.ts`, '../../features/knowledge/flows.ts', true],
  [`${W}/features/media/probe.ts`, '../knowledge/index.ts', false],
  [`${W}/features/media/probe.ts`, './media.api.ts', false],
  [`${W}/features/media/probe.ts`, '../../components/Button.tsx', false],
  [`${W}/features/media/probe.ts`, '../../lib/session.ts', false],
  [`${W}/features/media/probe.ts`, '../../pages/pdf/PdfPages.tsx', true],
  [`${W}/features/media/probe.ts`, '../../app/routes.tsx', true],
  [`${W}/pages/pdf/probe.ts`, '../../features/media/FilesUpload.tsx', true],
  [`${W}/pages/pdf/probe.ts`, '../../features/media/index.ts', false],
  [`${W}/pages/pdf/probe.ts`, '../../app/routes.tsx', true],
  [`${W}/components/probe.ts`, '../features/chat/index.ts', true],
  [`${W}/components/probe.ts`, '../lib/session.ts', false],
  [`${W}/lib/probe.ts`, '../components/Button.tsx', true],
  [`${W}/lib/probe.ts`, '../app/App.tsx', true],
  [`${W}/lib/probe.ts`, './api.ts', false],
  [`${W}/features/media/probe.test.ts`, '../knowledge/flows.ts', false],
  // The widget takes the zod-free entry of the shared package only.
  ['apps/widget/src/probe.ts', '@docent/shared', true],
  ['apps/widget/src/probe.ts', '@docent/shared/core', false],
];

let dir: string;
let flagged: Set<string>;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'docent-layers-'));
  writeFileSync(path.join(dir, 'biome.json'), readFileSync(path.join(root, 'biome.json')));
  const byFile = new Map<string, string[]>();
  for (const [file, spec] of PROBES) byFile.set(file, [...(byFile.get(file) ?? []), spec]);
  for (const [file, specs] of byFile) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    const lines = specs.map((s, i) => `import * as m${i} from '${s}';`);
    lines.push(`export const all = [${specs.map((_, i) => `m${i}`).join(', ')}];`);
    writeFileSync(path.join(dir, file), `${lines.join('\n')}\n`);
  }
  let out: string;
  try {
    out = execFileSync(biome, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (err) {
    out = (err as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as {
    diagnostics: { category: string; location: { path: string; start: { line: number } } }[];
  };
  flagged = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => {
        const file = d.location.path;
        const spec = byFile.get(file)?.[d.location.start.line - 1];
        return `${file} ${spec}`;
      }),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('layers in biome.json', () => {
  it.each(PROBES)('%s importing %s: forbidden=%s', (file, spec, forbidden) => {
    expect(flagged.has(`${file} ${spec}`)).toBe(forbidden);
  });
});
