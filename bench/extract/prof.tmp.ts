import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { definePDFJSModule, getDocumentProxy } from 'unpdf';
import { layoutPage } from '../../apps/server/src/ingest/extract/pdf-layout.ts';
const req = createRequire(import.meta.url);
const root = path.dirname(req.resolve('pdfjs-dist/package.json'));
await definePDFJSModule(() => import('pdfjs-dist/legacy/build/pdf.mjs'));
const data = new Uint8Array(readFileSync('/work/shared/fixtures/pdfs/' + process.argv[2]));
const c0 = process.cpuUsage();
const doc = await getDocumentProxy(data, { disableFontFace: true, useSystemFonts: false, cMapUrl: root + '/cmaps/', standardFontDataUrl: root + '/standard_fonts/', wasmUrl: root + '/wasm/' });
let tc = 0, lay = 0, gp = 0;
for (let n = 1; n <= doc.numPages; n++) {
  let c = process.cpuUsage();
  const page = await doc.getPage(n);
  gp += process.cpuUsage(c).user; c = process.cpuUsage();
  const content = await page.getTextContent();
  tc += process.cpuUsage(c).user; c = process.cpuUsage();
  layoutPage((content.items as any[]).map((i) => ({ str: i.str, x: i.transform[4], y: i.transform[5], width: i.width, size: Math.hypot(i.transform[2], i.transform[3]) })), 612);
  lay += process.cpuUsage(c).user;
  page.cleanup();
}
const total = process.cpuUsage(c0);
console.log(process.argv[2], doc.numPages, 'pages; cpu ms total', ((total.user + total.system) / 1000).toFixed(0), 'getPage', (gp / 1000).toFixed(0), 'textContent', (tc / 1000).toFixed(0), 'layout', (lay / 1000).toFixed(0), '→ pages per cpu-s', (doc.numPages / ((total.user + total.system) / 1e6)).toFixed(0));
