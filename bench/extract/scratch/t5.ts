import { readFileSync } from 'node:fs';
import { spawnTsWorker } from '../../../apps/server/src/ingest/extract/workers/spawn-ts-worker.ts';
const data = new Uint8Array(readFileSync(process.argv[2]!));
const t0 = performance.now();
const w = spawnTsWorker(new URL('../../../apps/server/src/ingest/extract/workers/pdf.worker.ts', import.meta.url), { workerData: { data, maxPages: 2000, maxScanPages: 5, scanScale: 4, maxScanPixels: 16e6 } });
w.on('online', () => console.log('online', (performance.now() - t0).toFixed(0)));
w.on('message', (m) => { if (m.type !== 'progress') console.log('msg', m.type, (performance.now() - t0).toFixed(0)); });
w.on('exit', (c) => console.log('exit', c));
