import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeLyingPng, makePng, makeTextPdf } from '../../test/fixtures/media/generate.ts';
import { readImageSize, sniffFileType } from './file-type.ts';

describe('sniffFileType', () => {
  it('decides by content, whatever the name', async () => {
    expect(sniffFileType(await makePng(10, 10))).toBe('png');
    expect(
      sniffFileType(
        await sharp(await makePng(10, 10))
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(sniffFileType(makeTextPdf([[{ x: 72, y: 700, text: 'hi' }]]))).toBe('pdf');
    expect(sniffFileType(Buffer.from('\uFEFF  <!DOCTYPE html><html><body>%PDF-1.4</body>'))).toBe(
      'html',
    );
    expect(sniffFileType(Buffer.from('<html><head><title>x</title>'))).toBe('html');
    expect(sniffFileType(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('xml');
    expect(sniffFileType(Buffer.from('just text'))).toBe('unknown');
    expect(sniffFileType(Buffer.alloc(0))).toBe('unknown');
  });
});

describe('readImageSize', () => {
  it('reads PNG and JPEG dimensions from the header only', async () => {
    expect(readImageSize(await makePng(321, 654))).toEqual({ width: 321, height: 654 });
    const jpeg = await sharp(await makePng(800, 301))
      .jpeg({ progressive: true })
      .toBuffer();
    expect(readImageSize(jpeg)).toEqual({ width: 800, height: 301 });
    expect(readImageSize(await makeLyingPng(20_000, 20_000))).toEqual({
      width: 20_000,
      height: 20_000,
    });
  });

  it('returns null for truncated or foreign data', async () => {
    expect(readImageSize((await makePng(10, 10)).subarray(0, 20))).toBeNull();
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 2]))).toBeNull();
    expect(readImageSize(Buffer.from('%PDF-1.4'))).toBeNull();
  });
});
