import { readFileSync, writeFileSync } from 'node:fs';
import { extractPdf } from '../../../apps/server/src/ingest/extract/pdf.ts';
for (const f of process.argv.slice(2)) {
  const t0 = Date.now();
  try {
    const r = await extractPdf(readFileSync(f));
    const ms = Date.now() - t0;
    console.log(f, r.numPages, 'pages', ms, 'ms', (r.numPages / ms * 1000).toFixed(1), 'p/s', r.text.length, 'chars ocr', r.ocrPages);
    writeFileSync('/tmp/out-' + f.split('/').pop() + '.txt', r.text);
  } catch (e) { console.log(f, 'ERR', (e as Error).message, Date.now() - t0); }
}
process.exit(0);
