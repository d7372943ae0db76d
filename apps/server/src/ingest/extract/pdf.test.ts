import { describe, expect, it } from 'vitest';
import {
  makeManyPagesPdf,
  makeScanPdf,
  makeTextPdf,
  type PdfText,
} from '../../../test/fixtures/media/generate.ts';
import { extractPdf } from './pdf.ts';

function column(x: number, top: number, lines: string[]): PdfText[] {
  return lines.map((text, i) => ({ x, y: top - i * 14, text }));
}

describe('extractPdf (reading process)', () => {
  it('keeps reading order on a two-column page, joins hyphenation, drops running headers', async () => {
    const topics = ['sparrows', 'herons', 'falcons', 'owls'];
    const pages = topics.map((t, i) => [
      { x: 72, y: 760, text: 'Field Guide to Birds   Chapter One', size: 9 },
      { x: 72, y: 720, text: `All about ${t}: a heading that runs across both columns`, size: 14 },
      ...column(72, 690, [
        `Left column on ${t} starts`,
        'with a long word, exam-',
        `ple, split over lines about ${t}.`,
        `Left notes on ${t}.`,
        `Left column on ${t} ends.`,
      ]),
      ...column(320, 690, [
        `Right column on ${t} starts`,
        `and continues about ${t}`,
        'below the first line.',
        `Right notes on ${t}.`,
        `Right column on ${t} ends.`,
      ]),
      { x: 300, y: 40, text: String(i + 1), size: 9 },
    ]);
    const result = await extractPdf(makeTextPdf(pages));
    expect(result.numPages).toBe(4);
    expect(result.ocrPages).toEqual([]);
    const text = result.text;
    expect(text).not.toContain('Field Guide to Birds');
    expect(text).not.toMatch(/^\d+$/m);
    expect(text).toContain('with a long word, example, split over lines about owls.');
    for (const t of topics) {
      const order = [
        `All about ${t}: a heading`,
        `Left column on ${t} starts`,
        `Left column on ${t} ends.`,
        `Right column on ${t} starts`,
        `Right column on ${t} ends.`,
      ].map((s) => text.indexOf(s));
      expect(order.every((at) => at >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    }
  });

  it('refuses a 5,000-page PDF by its page count, quickly', async () => {
    const started = Date.now();
    await expect(extractPdf(makeManyPagesPdf(5_000))).rejects.toMatchObject({
      status: 413,
      message: 'This PDF has 5000 pages; the limit is 2,000.',
    });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses more scanned pages than OCR may read, instead of truncating', async () => {
    await expect(extractPdf(makeScanPdf(3), { limits: { maxScanPages: 2 } })).rejects.toMatchObject(
      {
        status: 413,
        message:
          'This PDF has more than 2 scanned pages; at most 2 can be read by OCR in one upload.',
      },
    );
  });

  it('answers 415 for a file that is not a PDF, and 422 for a broken one', async () => {
    await expect(
      extractPdf(Buffer.from('<!DOCTYPE html><html><body>hello</body></html>')),
    ).rejects.toMatchObject({ status: 415 });
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x41)]);
    await expect(extractPdf(broken)).rejects.toMatchObject({ status: 422 });
  });
});
