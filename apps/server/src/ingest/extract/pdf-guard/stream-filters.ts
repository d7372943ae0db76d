import type { Transform } from 'node:stream';
import {
  brotliDecompressSync,
  constants,
  createBrotliDecompress,
  createInflate,
  inflateSync,
} from 'node:zlib';

/**
 * The PDF stream filters that can expand data, each decoding with a hard cap on its output:
 * past the cap it throws ExpansionError instead of allocating more. Broken input decodes as far
 * as it goes (like pdf.js, which keeps what it could decode), so garbage after a bomb does not
 * hide it. Image codecs (DCT, JPX, JBIG2, CCITT) are not decoded here: pdf.js sizes their output
 * from the image's declared pixels, under its own pixel cap, and the process limits bound the
 * rest. A filter pdf.js does not know passes its input through, as it does in pdf.js (which
 * then applies the rest of the chain).
 */
export class ExpansionError extends Error {}

/** The decoded bytes, their count alone (when the caller does not need them), or why not. */
export type FilterResult = Uint8Array | number | 'image-codec';

const NAMES: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  A85: 'ASCII85Decode',
  AHx: 'ASCIIHexDecode',
  RL: 'RunLengthDecode',
  CCF: 'CCITTFaxDecode',
  DCT: 'DCTDecode',
  JPX: 'JPXDecode',
};
const IMAGE_CODECS = new Set(['DCTDecode', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode']);

export const canonicalFilter = (name: string) => NAMES[name] ?? name;

export async function decodeFilter(
  name: string,
  data: Uint8Array,
  cap: number,
  opts: { earlyChange?: number; countOnly?: boolean } = {},
): Promise<FilterResult> {
  const filter = canonicalFilter(name);
  const keep = !opts.countOnly;
  if (IMAGE_CODECS.has(filter)) return 'image-codec';
  switch (filter) {
    case 'FlateDecode':
      return zlibDecode(
        () => inflateSync(data, { maxOutputLength: cap + 1, finishFlush: constants.Z_SYNC_FLUSH }),
        () => zlibCapped(createInflate(), data, cap, keep),
        cap,
        keep,
      );
    case 'BrotliDecode':
      return zlibDecode(
        () => brotliDecompressSync(data, { maxOutputLength: cap + 1 }),
        () => zlibCapped(createBrotliDecompress(), data, cap, keep),
        cap,
        keep,
      );
    case 'LZWDecode':
      return lzw(data, cap, opts.earlyChange ?? 1);
    case 'ASCII85Decode':
      return ascii85(data, cap);
    case 'ASCIIHexDecode':
      return asciiHex(data);
    case 'RunLengthDecode':
      return runLength(data, cap);
    default:
      // Crypt (decrypted beforehand) and names pdf.js does not know: the bytes pass unchanged.
      return data;
  }
}

/**
 * zlib in one synchronous call (fast; it tolerates truncated and trailing data), capped by
 * maxOutputLength. Data it gives up on is decoded again as a stream, which keeps whatever came
 * out before the damage, as pdf.js does.
 */
async function zlibDecode(
  sync: () => Buffer,
  streamed: () => Promise<Uint8Array | number>,
  cap: number,
  keep: boolean,
): Promise<Uint8Array | number> {
  let out: Buffer;
  try {
    out = sync();
  } catch (err) {
    if (
      (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ||
      err instanceof RangeError
    ) {
      throw new ExpansionError('stream expands beyond the cap');
    }
    return streamed();
  }
  if (out.length > cap) throw new ExpansionError('stream expands beyond the cap');
  return keep ? out : out.length;
}

/** Streams through zlib, stopping (and throwing) as soon as the output passes the cap. */
function zlibCapped(
  stream: Transform,
  data: Uint8Array,
  cap: number,
  keep: boolean,
): Promise<Uint8Array | number> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err: Error | null) => {
      if (done) return;
      done = true;
      stream.destroy();
      if (err) reject(err);
      else resolve(keep ? Buffer.concat(chunks, size) : size);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) return finish(new ExpansionError('stream expands beyond the cap'));
      if (keep) chunks.push(chunk);
    });
    // Broken data: what decoded so far is what a reader gets.
    stream.on('error', () => finish(null));
    stream.on('end', () => finish(null));
    stream.end(data);
  });
}

class CappedOutput {
  private buf: Buffer;
  length = 0;
  constructor(
    private readonly cap: number,
    initial: number,
  ) {
    this.buf = Buffer.allocUnsafe(Math.max(16, Math.min(initial, cap)));
  }
  push(byte: number): void {
    this.ensure(1);
    this.buf[this.length++] = byte;
  }
  pushRun(bytes: Uint8Array | number[]): void {
    this.ensure(bytes.length);
    for (const b of bytes) this.buf[this.length++] = b;
  }
  fill(byte: number, count: number): void {
    this.ensure(count);
    this.buf.fill(byte, this.length, this.length + count);
    this.length += count;
  }
  private ensure(extra: number): void {
    const need = this.length + extra;
    if (need > this.cap) throw new ExpansionError('stream expands beyond the cap');
    if (need <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.min(this.cap, Math.max(need, this.buf.length * 2)));
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }
  result(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

function runLength(data: Uint8Array, cap: number): Uint8Array {
  const out = new CappedOutput(cap, data.length * 2);
  let i = 0;
  while (i < data.length) {
    const n = data[i++] as number;
    if (n === 128) break;
    if (n < 128) {
      out.pushRun(data.subarray(i, i + n + 1));
      i += n + 1;
    } else if (i < data.length) {
      out.fill(data[i++] as number, 257 - n);
    }
  }
  return out.result();
}

function asciiHex(data: Uint8Array): Uint8Array {
  const digits: number[] = [];
  for (const c of data) {
    if (c === 0x3e) break;
    const v =
      c >= 0x30 && c <= 0x39
        ? c - 0x30
        : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66
          ? (c | 0x20) - 0x57
          : -1;
    if (v >= 0) digits.push(v);
  }
  if (digits.length % 2) digits.push(0);
  const out = Buffer.allocUnsafe(digits.length / 2);
  for (let i = 0; i < out.length; i++)
    out[i] = ((digits[2 * i] as number) << 4) | (digits[2 * i + 1] as number);
  return out;
}

function ascii85(data: Uint8Array, cap: number): Uint8Array {
  const out = new CappedOutput(cap, data.length);
  const group: number[] = [];
  const flush = (n: number) => {
    const padded = [...group, 84, 84, 84, 84].slice(0, 5);
    let v = 0;
    for (const d of padded) v = v * 85 + d;
    const bytes = [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
    out.pushRun(bytes.slice(0, n));
    group.length = 0;
  };
  for (let i = 0; i < data.length; i++) {
    const c = data[i] as number;
    if (c === 0x7e) break; // ~> ends the data
    if (c === 0x7a && group.length === 0) {
      out.fill(0, 4);
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return out.result();
}

function lzw(data: Uint8Array, cap: number, earlyChange: number): Uint8Array {
  const out = new CappedOutput(cap, data.length * 3);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Int32Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    lengths[i] = 1;
  }
  let next = 258;
  let width = 9;
  let prev = -1;
  let bits = 0;
  let acc = 0;
  let pos = 0;
  const entry = (code: number): number[] => {
    const bytes = new Array<number>(lengths[code] as number);
    for (let c = code, k = bytes.length - 1; k >= 0; c = prefix[c] as number, k--)
      bytes[k] = suffix[c] as number;
    return bytes;
  };
  while (pos < data.length || bits >= width) {
    while (bits < width && pos < data.length) {
      acc = ((acc << 8) | (data[pos++] as number)) >>> 0;
      bits += 8;
    }
    if (bits < width) break;
    const code = (acc >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    if (code === 256) {
      next = 258;
      width = 9;
      prev = -1;
      continue;
    }
    if (code === 257) break;
    let bytes: number[];
    if (code < next) bytes = entry(code);
    else if (code === next && prev >= 0) {
      const p = entry(prev);
      bytes = [...p, p[0] as number];
    } else break;
    out.pushRun(bytes);
    if (prev >= 0 && next < 4096) {
      prefix[next] = prev;
      suffix[next] = bytes[0] as number;
      lengths[next] = (lengths[prev] as number) + 1;
      next++;
    }
    prev = code;
    if (next + earlyChange >= 1 << width && width < 12) width++;
  }
  return out.result();
}
