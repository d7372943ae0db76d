/**
 * One stage-1 crawl with the crawler module alone (no database, no HTTP API), in its own process
 * so its peak RSS (VmHWM) is the crawler's. Prints one JSON line.
 * Usage: node --import tsx bench/crawl/crawl-only.ts START_URL [MAX_PAGES] [CONCURRENCY]
 */
import { readFileSync } from 'node:fs';
import { crawl } from '../../apps/server/src/ingest/crawl/crawler.ts';

const [start = 'http://127.0.0.1:8001/index.html', maxPages = '5000', concurrency = '8'] =
  process.argv.slice(2);
const peakRssMb = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

const t0 = performance.now();
const cpu0 = process.cpuUsage();
const out = await crawl({
  seeds: [start],
  followLinks: true,
  maxPages: Number(maxPages),
  concurrency: Number(concurrency),
  fetch: { allowPrivate: true },
});
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  `${JSON.stringify({
    pages: out.pages.length,
    fetched: out.fetched,
    errors: out.errors,
    stoppedBy: out.stoppedBy,
    ms: Math.round(ms),
    pagesPerSecond: Math.round((out.pages.length / ms) * 1000),
    chars: out.pages.reduce((n, p) => n + p.tokenCount, 0),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    peakRssMb: Math.round(peakRssMb()),
  })}\n`,
);
process.exit(0);
