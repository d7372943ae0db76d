import { readFileSync } from 'node:fs';
import { openOcrSession } from '../../../apps/server/src/ingest/extract/ocr.ts';
const s = await openOcrSession();
const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const ref = words(readFileSync('/work/shared/fixtures/images/ocrmypdf/linn.txt','utf8'));
for (const f of process.argv.slice(2)) {
  const t1 = Date.now();
  const text = await s.recognize(readFileSync(f));
  const got = new Map<string, number>(); for (const x of words(text)) got.set(x, (got.get(x) ?? 0) + 1);
  let hit = 0; for (const x of ref) { const c = got.get(x) ?? 0; if (c > 0) { hit++; got.set(x, c - 1); } }
  console.log(f, 'ms', Date.now() - t1, 'chars', text.length, 'recall(linn)', (hit / ref.length).toFixed(3));
  if (process.env.SHOW) console.log(text.slice(0, 800));
}
await s.close();
