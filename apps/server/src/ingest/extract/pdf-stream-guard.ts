import { constants, inflateSync } from 'node:zlib';

/**
 * Decompression-bomb guard run before pdf.js sees a file: every Flate stream is inflated by
 * zlib with a hard output cap, so a few megabytes that expand into gigabytes are refused in
 * milliseconds instead of filling memory inside the parser. Image streams are skipped: pdf.js
 * decodes only the bytes their declared size needs, and refuses images over its pixel cap.
 */
export const STREAM_LIMITS = {
  perStreamBytes: 64 * 1024 * 1024,
  totalBytes: 512 * 1024 * 1024,
} as const;

export class PdfBombError extends Error {}

export function checkStreamExpansion(
  pdf: Uint8Array,
  limits: { perStreamBytes: number; totalBytes: number } = STREAM_LIMITS,
): number {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let total = 0;
  let at = 0;
  for (;;) {
    const start = buf.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    at = start + 6;
    // "endstream" also contains "stream"; a data start is "stream" + EOL after a dictionary.
    if (start >= 3 && buf.toString('latin1', start - 3, start) === 'end') continue;
    let dataStart = start + 6;
    if (buf[dataStart] === 0x0d) dataStart++;
    if (buf[dataStart] !== 0x0a) continue;
    dataStart++;
    const dict = buf.toString('latin1', Math.max(0, start - 2048), start);
    const dictStart = dict.lastIndexOf('obj');
    const filters = (dict.slice(Math.max(dictStart, 0)).match(/\/FlateDecode|\/Fl\b/g) ?? [])
      .length;
    const end = buf.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    at = end + 9;
    if (filters === 0 || /\/Subtype\s*\/Image\b/.test(dict.slice(Math.max(0, dictStart)))) continue;
    let data: Buffer = buf.subarray(dataStart, end);
    for (let round = 0; round < Math.min(filters, 3); round++) {
      const cap = Math.min(limits.perStreamBytes, limits.totalBytes - total);
      data = inflateCapped(data, cap);
    }
    total += data.length;
  }
  return total;
}

function inflateCapped(data: Buffer, cap: number): Buffer {
  try {
    return inflateSync(data, {
      maxOutputLength: Math.max(1, cap),
      finishFlush: constants.Z_SYNC_FLUSH,
    });
  } catch (err) {
    if (
      (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ||
      err instanceof RangeError
    ) {
      throw new PdfBombError('expands beyond the size limit');
    }
    // A broken stream is pdf.js's business (it recovers what it can); it cannot be a bomb.
    return Buffer.alloc(0);
  }
}
