import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createWorker, OEM, PSM } from 'tesseract.js';
import sharp from 'sharp';
const req = createRequire(import.meta.url);
const eng = req('@tesseract.js-data/eng');
const t0 = Date.now();
const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: eng.langPath, gzip: true, cacheMethod: 'none' });
console.log('init ms', Date.now() - t0);
const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const ref = words(readFileSync('/work/shared/fixtures/images/ocrmypdf/linn.txt','utf8'));
for (const f of process.argv.slice(2)) {
  const t1 = Date.now();
  const img = await sharp(f).grayscale().normalise().png().toBuffer();
  const { data } = await w.recognize(img);
  const got = new Map<string, number>(); for (const x of words(data.text)) got.set(x, (got.get(x) ?? 0) + 1);
  let hit = 0; for (const x of ref) { const c = got.get(x) ?? 0; if (c > 0) { hit++; got.set(x, c - 1); } }
  console.log(f, 'ms', Date.now() - t1, 'chars', data.text.length, 'recall(linn)', (hit / ref.length).toFixed(3));
}
await w.terminate();
