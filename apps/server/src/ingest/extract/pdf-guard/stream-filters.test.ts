import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeFilter, ExpansionError } from './stream-filters.ts';

const text = (out: unknown) => Buffer.from(out as Uint8Array).toString('latin1');

describe('stream filters', () => {
  it('decode what PDF writers produce, under their abbreviations too', async () => {
    expect(text(await decodeFilter('AHx', Buffer.from('48 65 6C6c 6F>ignored'), 100))).toBe(
      'Hello',
    );
    expect(text(await decodeFilter('ASCII85Decode', Buffer.from('87cURDZ~>'), 100))).toBe('Hello');
    expect(text(await decodeFilter('A85', Buffer.from('z~>'), 100))).toBe('\0\0\0\0');
    expect(
      text(await decodeFilter('RL', Buffer.from([2, 0x61, 0x62, 0x63, 0xfe, 0x7a, 128]), 100)),
    ).toBe('abczzz');
    expect(text(await decodeFilter('Fl', deflateSync('Hello'), 100))).toBe('Hello');
    // "-----A---B" in LZW, as in the PDF reference.
    const lzw = Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect(text(await decodeFilter('LZWDecode', lzw, 100))).toBe('-----A---B');
  });

  it('keeps what a broken Flate stream decoded before it broke', async () => {
    const broken = Buffer.concat([
      deflateSync(Buffer.alloc(1000, 0x61)).subarray(0, -4),
      Buffer.from('xx'),
    ]);
    const out = await decodeFilter('FlateDecode', broken, 10_000);
    expect((out as Uint8Array).length).toBeGreaterThan(0);
  });

  it('throws once an output passes its cap', async () => {
    await expect(
      decodeFilter('FlateDecode', deflateSync(Buffer.alloc(5000)), 4096),
    ).rejects.toBeInstanceOf(ExpansionError);
    await expect(
      decodeFilter('RL', Buffer.from([0x81, 0x20, 0x81, 0x20]), 200),
    ).rejects.toBeInstanceOf(ExpansionError);
  });

  it('leaves image codecs to the reader and passes unknown filters through, as pdf.js does', async () => {
    expect(await decodeFilter('DCT', Buffer.from('x'), 10)).toBe('image-codec');
    expect(await decodeFilter('JBIG2Decode', Buffer.from('x'), 10)).toBe('image-codec');
    expect(text(await decodeFilter('NoSuchDecode', Buffer.from('xyz'), 10))).toBe('xyz');
  });
});
