import { readdirSync } from 'node:fs';
import { configureSafeFetch, readBody, safeRequest } from '../../apps/server/src/lib/safe-fetch.ts';
import { request, Agent } from 'undici';
configureSafeFetch({ allowPrivateNetwork: true });
const files = readdirSync('/tmp/docsites/sites/postgresql-15').filter(f=>f.endsWith('.html'));
const mode = process.argv[2] ?? 'safe';
const conc = +(process.argv[3] ?? 12);
const agent = new Agent({ connections: 16 });
let i = 0; let bytes = 0;
const t0 = performance.now(); const c0 = process.cpuUsage();
await Promise.all(Array.from({length: conc}, async () => {
  while (i < files.length) {
    const u = `http://127.0.0.1:8001/${files[i++]}`;
    if (mode === 'safe') { const r = await safeRequest(u); bytes += (await readBody(r)).length; }
    else if (mode === 'undici') { const r = await request(u, { dispatcher: agent }); bytes += (await r.body.arrayBuffer()).byteLength; }
    else { const r = await fetch(u); bytes += (await r.arrayBuffer()).byteLength; }
  }
}));
const c = process.cpuUsage(c0); console.log(mode, conc, Math.round(performance.now()-t0), 'ms wall', Math.round(c.user/1000), 'user', Math.round(c.system/1000), 'sys', bytes);
process.exit(0);
