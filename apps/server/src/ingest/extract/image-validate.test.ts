import { MESSAGES } from '@docent/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeLyingPng, makePng } from '../../../test/fixtures/media/generate.ts';
import { validateImage } from './image-validate.ts';

describe('validateImage', () => {
  it('accepts PNG and JPEG of at least 300×300', async () => {
    await expect(validateImage(await makePng(300, 300))).resolves.toEqual({
      type: 'png',
      width: 300,
      height: 300,
    });
    const jpeg = await sharp(await makePng(1024, 768))
      .jpeg()
      .toBuffer();
    await expect(validateImage(jpeg)).resolves.toEqual({ type: 'jpeg', width: 1024, height: 768 });
  });

  it('refuses 299×299 (and 1000×299) with the spec message', async () => {
    await expect(validateImage(await makePng(299, 299))).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.minImageSize,
    });
    await expect(validateImage(await makePng(1000, 299))).rejects.toMatchObject({
      message: MESSAGES.minImageSize,
    });
  });

  it('refuses a 20,000×20,000 header before decoding anything', async () => {
    const liar = await makeLyingPng(20_000, 20_000);
    // Decoding 400 MP would take seconds and gigabytes; the refusal is a header read.
    const started = performance.now();
    await expect(validateImage(liar)).rejects.toMatchObject({
      status: 413,
      message: expect.stringContaining('20000×20000'),
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses other types by content, whatever they are called', async () => {
    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
    await expect(validateImage(gif)).rejects.toMatchObject({ status: 415 });
    await expect(validateImage(Buffer.from('<html><body>hi</body></html>'))).rejects.toMatchObject({
      status: 415,
    });
    const webp = await sharp(await makePng(400, 400))
      .webp()
      .toBuffer();
    await expect(validateImage(webp)).rejects.toMatchObject({ status: 415 });
  });

  it('refuses a PNG whose data is broken behind a good header', async () => {
    const png = await makePng(400, 400);
    await expect(validateImage(png.subarray(0, 40))).rejects.toMatchObject({ status: 400 });
  });
});
