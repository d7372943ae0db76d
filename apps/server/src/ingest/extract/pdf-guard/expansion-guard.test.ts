import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeScanPdf, makeTextPdf, writePdf } from '../../../../test/fixtures/media/generate.ts';
import { hostilePdfs } from '../../../../test/fixtures/media/hostile-pdfs.ts';
import { checkStreamExpansion, EXPANSION_LIMITS, PdfBombError } from './expansion-guard.ts';

const FIXTURES = path.resolve(
  fileURLToPath(new URL('../../../../../../', import.meta.url)),
  '../shared/fixtures/pdfs',
);

describe('the structural expansion guard', () => {
  it.each(hostilePdfs())(
    'refuses %s',
    async (_name, build) => {
      const pdf = await build();
      expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
      await expect(checkStreamExpansion(pdf)).rejects.toBeInstanceOf(PdfBombError);
    },
    30_000,
  );

  it('refuses a filter after an image codec, whose output it cannot count', async () => {
    const pdf = (filters: string) =>
      writePdf([
        { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
        { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>' },
        { dict: `/Filter ${filters}`, stream: deflateSync(Buffer.from('not really an image')) },
      ]);
    // A lossless codec (CCITT, JBIG2) can spell any bytes, a deflate bomb among them.
    for (const chain of ['[/CCITTFaxDecode /FlateDecode]', '[/JBIG2Decode /Fl]', '[/DCT /AHx]']) {
      await expect(checkStreamExpansion(pdf(chain)), chain).rejects.toBeInstanceOf(PdfBombError);
    }
    // Where writers put a codec, last, it is left to the reader.
    expect(await checkStreamExpansion(pdf('[/FlateDecode /DCTDecode]'))).toBe(19);
  });

  it('lets ordinary files through and counts what they decode to', async () => {
    // Uncompressed content streams decode to nothing extra.
    const text = makeTextPdf([[{ x: 72, y: 700, text: 'Hello' }]]);
    expect(await checkStreamExpansion(text)).toBe(0);
    expect(await checkStreamExpansion(makeScanPdf(2))).toBe(0);
    const content = Buffer.from('BT /F1 12 Tf 72 700 Td (Hello) Tj ET '.repeat(100));
    const flated = writePdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
      { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>' },
      { dict: '/Filter /FlateDecode', stream: deflateSync(content) },
    ]);
    expect(await checkStreamExpansion(flated)).toBe(content.length);
  });

  it('reads an image only as far as its declared pixels, so a big photo is no bomb', async () => {
    // 6000 x 4000 RGB: 72 MB of pixels, more than one stream may decode to.
    const pixels = deflateSync(Buffer.alloc(6000 * 4000 * 3, 0x80));
    const pdf = writePdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
      { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 4 0 R >> >> >>',
      },
      {
        dict: '/Type /XObject /Subtype /Image /Width 6000 /Height 4000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode',
        stream: pixels,
      },
    ]);
    expect(6000 * 4000 * 3).toBeGreaterThan(EXPANSION_LIMITS.perStreamBytes);
    expect(await checkStreamExpansion(pdf)).toBeLessThanOrEqual(EXPANSION_LIMITS.perStreamBytes);
  });

  it.runIf(existsSync(FIXTURES))(
    'passes every born-digital fixture PDF',
    async () => {
      for (const file of ['debian-faq.en.pdf', 'gnuplot.pdf', 'reportlab-userguide.pdf']) {
        const decoded = await checkStreamExpansion(
          new Uint8Array(readFileSync(path.join(FIXTURES, file))),
        );
        expect(decoded, file).toBeGreaterThan(0);
        expect(decoded, file).toBeLessThan(EXPANSION_LIMITS.totalBytes);
      }
    },
    60_000,
  );
});
