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

/** A line of a table of contents as pdftotext writes it: dot leaders, maybe a page number. */
const LEADERS = /(?:\.\s?){4,}\s*\d*\s*$/;

/**
 * pdftotext's text without what the product leaves out on purpose, told apart by pdftotext's
 * own layout rather than by the product's rules: each page's first and last line (where running
 * heads, footers and page numbers are), with the lines in capitals right under the first (a
 * running head set in capitals that pdftotext writes as two lines, "CHAPTER 1. DEFINITIONS AND
 * OVERVIEW" above "1.3. OK, NOW I KNOW WHAT DEBIAN IS... …"), and the pages of the table of
 * contents (three lines or more ending in dot leaders). Pages are parted by form feeds.
 */
function bodyOf(reference: string): string {
  return reference
    .split('\f')
    .map((page) => {
      const lines = page.split('\n').filter((l) => l.trim());
      if (lines.filter((l) => LEADERS.test(l)).length >= 3) return '';
      const body = lines.findIndex((l, i) => i > 0 && /\p{Ll}/u.test(l));
      return lines.slice(body < 0 ? 1 : body, -1).join('\n');
    })
    .join('\n');
}

describe.runIf(hasFixtures && hasPdftotext)(
  'born-digital PDFs give the words pdftotext gives',
  () => {
    // Every word of the body is read (measured: recall 0.994–0.9998), and nothing is read
    // that pdftotext does not read (hyphenated words joined aside: precision 0.9997–0.9998).
    it.each(['fhs-3.0.pdf', 'debian-faq.en.pdf', 'developers-reference.pdf'])(
      '%s',
      async (name) => {
        const file = path.join(FIXTURES, 'pdfs', name);
        const reference = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString();
        const ours = words((await extractPdf(readFileSync(file))).text);
        expect(bagOverlap(words(bodyOf(reference)), ours).recall).toBeGreaterThanOrEqual(0.99);
        expect(bagOverlap(words(reference), ours).precision).toBeGreaterThanOrEqual(0.995);
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
