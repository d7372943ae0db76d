import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { definePDFJSModule, getDocumentProxy, renderPageAsImage } from 'unpdf';
const req = createRequire(import.meta.url);
const root = path.dirname(req.resolve('pdfjs-dist/package.json'));
await definePDFJSModule(() => import('pdfjs-dist/legacy/build/pdf.mjs'));
const opts = { wasmUrl: root + '/wasm/', cMapUrl: root + '/cmaps/', standardFontDataUrl: root + '/standard_fonts/', iccUrl: root+'/iccs/' };
for (const f of ['linn','c02-22','multipage','skew']) {
const buf = readFileSync(`/work/shared/fixtures/pdfs/scanned/${f}.pdf`);
const doc = await getDocumentProxy(new Uint8Array(buf), opts);
console.log(f, 'pages', doc.numPages);
const page = await doc.getPage(1);
const ops = await page.getOperatorList();
console.log('ops', ops.fnArray.length, page.view);
const t0 = Date.now();
const png = await renderPageAsImage(doc, 1, { canvasImport: () => import('@napi-rs/canvas'), scale: 300/72 });
console.log('render ms', Date.now()-t0, png.byteLength);
writeFileSync(`/tmp/${f}-p1.png`, Buffer.from(png));
}
