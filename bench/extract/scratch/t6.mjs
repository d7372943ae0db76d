import { Worker } from 'node:worker_threads';
const url = new URL('./w.ts', import.meta.url);
for (const execArgv of [['--import', 'tsx'], ['--import', 'tsx/esm'], ['--experimental-loader', 'tsx/esm']]) {
  await new Promise((res) => { const w = new Worker(url, { execArgv }); w.on('error', (e) => { console.log(execArgv, 'ERR', e.code); }); w.on('exit', res); });
}
const code = `import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(import.meta.url)}))`;
await new Promise((res) => { const w = new Worker(code, { eval: true }); w.on('error', (e) => console.log('eval ERR', e)); w.on('exit', res); });
