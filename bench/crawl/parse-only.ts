import { readdirSync, readFileSync } from 'node:fs';
import { extractHtml } from '../../apps/server/src/ingest/extract/html.ts';
import { Parser } from 'htmlparser2';
const dir = process.argv[2] ?? '/tmp/docsites/sites/postgresql-15';
const files = readdirSync(dir).filter((f) => f.endsWith('.html')).map((f) => readFileSync(`${dir}/${f}`, 'utf8'));
let bytes = files.reduce((a, f) => a + f.length, 0);
for (let round = 0; round < 3; round++) {
  let c0 = process.cpuUsage();
  for (const f of files) extractHtml(f, 'http://h/x.html');
  const ex = process.cpuUsage(c0).user / 1000;
  c0 = process.cpuUsage();
  for (const f of files) { const p = new Parser({}, { decodeEntities: true }); p.end(f); }
  const raw = process.cpuUsage(c0).user / 1000;
  console.log(files.length, 'files', (bytes / 1e6).toFixed(1), 'MB; extract', ex.toFixed(0), 'ms; bare parser', raw.toFixed(0), 'ms');
}
