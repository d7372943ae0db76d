import { readFileSync } from 'node:fs';
import { checkStreamExpansion } from '../../../apps/server/src/ingest/extract/pdf-stream-guard.ts';
for (const f of process.argv.slice(2)) {
  const t0 = Date.now();
  try { console.log(f, checkStreamExpansion(readFileSync(f), { perStreamBytes: 2e9, totalBytes: 4e9 }), Date.now() - t0, 'ms'); } catch (e) { console.log(f, e); }
}
