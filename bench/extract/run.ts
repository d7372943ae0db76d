/**
 * Extraction benchmark: PDF text-layer speed (pages/s over the six born-digital fixture PDFs),
 * OCR seconds per screenshot, OCR of a scanned page, and peak memory of the process (OCR worker
 * threads included) and of the PDF reading processes. Run:
 * node --import tsx bench/extract/run.ts [--quick]
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateImage } from '../../apps/server/src/ingest/extract/image-validate.ts';
import { openOcrSession } from '../../apps/server/src/ingest/extract/ocr.ts';
import { extractPdf } from '../../apps/server/src/ingest/extract/pdf.ts';
import { pdfProcessStats } from '../../apps/server/src/ingest/extract/process-watch.ts';
import { bagOverlap, words } from '../../apps/server/test/helpers/word-overlap.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = path.resolve(REPO_ROOT, '../shared/fixtures');
const PDFS = [
  'debian-faq.en.pdf',
  'debian-policy.pdf',
  'developers-reference.pdf',
  'fhs-3.0.pdf',
  'gnuplot.pdf',
  'reportlab-userguide.pdf',
];
const SCREENSHOTS = ['screenshot.png', 'search.png', 'readthedocs.png'];

if (!existsSync(path.join(FIXTURES, 'pdfs'))) {
  process.stdout.write(`NOTICE: ${FIXTURES} is absent; nothing to measure\n`);
  process.exit(0);
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 25);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const print = (line: string) => process.stdout.write(`${line}\n`);

/** The machine is shared: say how busy it was, and how fast a fixed CPU loop ran. */
function calibration(): string {
  const started = process.cpuUsage();
  let x = 0;
  for (let i = 0; i < 30_000_000; i++) x = (x * 31 + i) | 0;
  const ms = (process.cpuUsage(started).user / 1000).toFixed(0);
  return `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; 3e7-step loop ${ms} ms CPU (${x & 1})`;
}
print(`Machine: ${os.cpus().length} cores; ${calibration()}`);

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, (performance.now() - started) / 1000];
}

// Cold start: fresh reading processes loading pdf.js (paid once per process, then kept warm).
// A file of 60+ pages warms both (its halves are read in parallel).
const [, cold] = await timed(() =>
  extractPdf(readFileSync(path.join(FIXTURES, 'pdfs', 'debian-faq.en.pdf'))),
);
print(`PDF reading processes cold start + debian-faq.en.pdf: ${cold.toFixed(2)} s`);

print('\nPDF text extraction (warm processes)');
let pages = 0;
let seconds = 0;
const cpuBefore = process.cpuUsage();
const readersBefore = pdfProcessStats().cpuSeconds;
for (const name of PDFS) {
  const data = readFileSync(path.join(FIXTURES, 'pdfs', name));
  const [result, s] = await timed(() => extractPdf(data));
  pages += result.numPages;
  seconds += s;
  print(
    `  ${name.padEnd(28)} ${String(result.numPages).padStart(4)} pages  ${s.toFixed(2).padStart(6)} s  ${(result.numPages / s).toFixed(0).padStart(5)} pages/s  ${result.text.length} chars`,
  );
}
print(
  `  TOTAL ${pages} pages in ${seconds.toFixed(2)} s = ${(pages / seconds).toFixed(1)} pages/s (target ≥ 100)`,
);
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6 + pdfProcessStats().cpuSeconds - readersBefore;
print(
  `  CPU ${cpuSeconds.toFixed(2)} s (this process and the reading processes) = ${(pages / cpuSeconds).toFixed(1)} pages per CPU-second`,
);

print('\nOCR (one worker reused; preprocessing included)');
const ocr = await openOcrSession();
const [, init] = await timed(() =>
  ocr.recognize(readFileSync(path.join(FIXTURES, 'images/mkdocs', SCREENSHOTS[0] as string))),
);
print(`  first image incl. OCR worker start: ${init.toFixed(2)} s`);
const perImage: number[] = [];
for (const name of SCREENSHOTS) {
  const data = readFileSync(path.join(FIXTURES, 'images/mkdocs', name));
  await validateImage(data);
  const [text, s] = await timed(() => ocr.recognize(data));
  perImage.push(s);
  print(`  ${name.padEnd(18)} ${s.toFixed(2)} s  ${text.length} chars`);
}
const mean = perImage.reduce((a, b) => a + b, 0) / perImage.length;
print(`  mean ${mean.toFixed(2)} s per screenshot (target ≤ 2 s)`);
await ocr.close();

if (!process.argv.includes('--quick')) {
  const [scan, s] = await timed(() =>
    extractPdf(readFileSync(path.join(FIXTURES, 'pdfs/scanned/linn.pdf'))),
  );
  const reference = words(readFileSync(path.join(FIXTURES, 'images/ocrmypdf/linn.txt'), 'utf8'));
  const { recall } = bagOverlap(reference, words(scan.text));
  print(
    `\nScanned linn.pdf (render 300 dpi + OCR): ${s.toFixed(2)} s, word recall ${recall.toFixed(3)}`,
  );
}

clearInterval(sampler);
print(`\nMachine after: ${calibration()}`);
print(
  `\nPeak RSS (process incl. OCR worker threads): ${mb(peakRss)}; maxRSS ${mb(process.resourceUsage().maxRSS * 1024)}; PDF reading process peak ${mb(pdfProcessStats().peakRssBytes)}`,
);
process.exit(0);
