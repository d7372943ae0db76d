import { crawl } from '/work/main/apps/server/src/ingest/crawl/crawler.ts';
import { configureSafeFetch } from '/work/main/apps/server/src/lib/safe-fetch.ts';
configureSafeFetch({ allowPrivateNetwork: true });
let peak = 0; const t = setInterval(()=>{ peak = Math.max(peak, process.memoryUsage().rss) }, 50);
const t0 = performance.now(); let n = 0; const c0 = process.cpuUsage();
const r = await crawl({ seeds: [process.argv[2] ?? 'http://127.0.0.1:8001/index.html'], followLinks: true, maxPages: 5000, concurrency: +(process.argv[3] ?? 12), onPage: () => { n++; } });
const ms = performance.now() - t0; clearInterval(t); const cpu = process.cpuUsage(c0); console.log('cpu user ms', Math.round(cpu.user/1000), 'sys ms', Math.round(cpu.system/1000));
console.log({ pages: r.pages.length, fetched: r.fetched, errors: r.errors, stoppedBy: r.stoppedBy, ms: Math.round(ms), pps: Math.round(r.pages.length/ms*1000), peakMB: Math.round(Math.max(peak, process.memoryUsage().rss)/1e6), chars: r.pages.reduce((a,p)=>a+p.tokenCount,0), firstError: r.firstError?.message });
process.exit(0);
