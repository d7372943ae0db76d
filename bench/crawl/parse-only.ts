/**
 * CPU cost of main-content extraction against htmlparser2 alone, over every page of a site.
 * Usage: node --import tsx bench/crawl/parse-only.ts [SITE_DIR]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { extractHtml } from '../../apps/server/src/ingest/extract/html.ts';

const dir = process.argv[2] ?? '/tmp/docsites/sites/postgresql-15';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.html'))
  .map((f) => readFileSync(`${dir}/${f}`, 'utf8'));
const mb = (files.reduce((a, f) => a + f.length, 0) / 1e6).toFixed(1);
for (let round = 0; round < 3; round++) {
  let c0 = process.cpuUsage();
  for (const f of files) extractHtml(f, 'http://h/x.html');
  const extract = process.cpuUsage(c0).user / 1000;
  c0 = process.cpuUsage();
  for (const f of files) new Parser({}, { decodeEntities: true }).end(f);
  const bare = process.cpuUsage(c0).user / 1000;
  process.stdout.write(
    `${files.length} pages, ${mb} MB: extractHtml ${extract.toFixed(0)} ms CPU, bare htmlparser2 ${bare.toFixed(0)} ms CPU\n`,
  );
}
