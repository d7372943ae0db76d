import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bagOverlap, words } from '../../../test/helpers/word-overlap.ts';
import { extractPdf } from './pdf.ts';

/**
 * Quality on real files from ../shared/fixtures (skipped with a notice when absent): the text
 * layer of born-digital PDFs against poppler's pdftotext, and OCR of a scanned page against
 * its reference text.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const FIXTURES = path.resolve(REPO_ROOT, '../shared/fixtures');
const hasFixtures = existsSync(path.join(FIXTURES, 'pdfs'));
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasFixtures)
  it.skip('NOTICE: ../shared/fixtures is absent; PDF quality tests skipped', () => {});
if (!hasPdftotext) {
  it.skip('NOTICE: pdftotext is absent (run scripts/ensure-test-tools.sh); comparison skipped', () => {});
}

describe.runIf(hasFixtures && hasPdftotext)(
  'born-digital PDFs give the words pdftotext gives',
  () => {
    // Running headers/footers are dropped on purpose and hyphenated words joined, which
    // pdftotext does not do: that is the whole gap allowed here (measured: 0.983–0.997).
    it.each(['fhs-3.0.pdf', 'debian-faq.en.pdf', 'developers-reference.pdf'])(
      '%s',
      async (name) => {
        const file = path.join(FIXTURES, 'pdfs', name);
        const reference = words(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString());
        const ours = words((await extractPdf(readFileSync(file))).text);
        const { recall, precision } = bagOverlap(reference, ours);
        expect(recall).toBeGreaterThanOrEqual(0.98);
        expect(precision).toBeGreaterThanOrEqual(0.995);
      },
      120_000,
    );
  },
);

describe.runIf(hasFixtures)('scanned PDFs are read by OCR', () => {
  it('linn.pdf reaches word recall ≥ 0.9 against its reference text', async () => {
    const result = await extractPdf(readFileSync(path.join(FIXTURES, 'pdfs/scanned/linn.pdf')));
    expect(result.ocrPages).toEqual([1]);
    const reference = words(readFileSync(path.join(FIXTURES, 'images/ocrmypdf/linn.txt'), 'utf8'));
    const { recall } = bagOverlap(reference, words(result.text));
    expect(recall).toBeGreaterThanOrEqual(0.9);
  }, 180_000);
});
