import { makeBombPdf, makeTextPdf } from '../../../apps/server/test/fixtures/media/generate.ts';
import { extractPdf } from '../../../apps/server/src/ingest/extract/pdf.ts';
function column(x: number, top: number, lines: string[]) { return lines.map((text, i) => ({ x, y: top - i * 14, text })); }
const pages = [1, 2, 3, 4].map((n) => [
      { x: 72, y: 760, text: 'Field Guide to Birds   Chapter One', size: 9 },
      { x: 72, y: 720, text: `Page ${n} heading that runs across both of the columns`, size: 14 },
      ...column(72, 690, [`Left column of page ${n} starts`, 'with a long word, exam-', 'ple, split over lines.', 'More left text here.', 'Left column ends now.']),
      ...column(320, 690, [`Right column of page ${n} starts`, 'and continues below the', 'first line of the right.', 'More right text here.', 'Right column ends now.']),
      { x: 300, y: 40, text: String(n), size: 9 },
    ]);
console.log((await extractPdf(makeTextPdf(pages))).text);
const t0 = Date.now();
console.log(await extractPdf(makeBombPdf(600, { hidden: true }), { limits: { timeoutMs: 8000, maxHeapMb: 256 } }).catch((e) => e), Date.now() - t0);
process.exit(0);
