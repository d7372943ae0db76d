/**
 * File types decided by content (magic bytes), never by the name or the declared MIME type,
 * plus image dimensions read from the header alone so oversized images can be refused
 * before anything decodes them.
 */
export type SniffedType =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'html'
  | 'xml'
  | 'zip'
  | 'unknown';

/** A file refused for what it contains; `status` is the HTTP status the API answers with. */
export class MediaError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}

const startsWith = (buf: Uint8Array, sig: number[], at = 0) =>
  buf.length >= at + sig.length && sig.every((b, i) => buf[at + i] === b);

export function sniffFileType(buf: Uint8Array): SniffedType {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(buf, [0x52, 0x49, 0x46, 0x46]) && startsWith(buf, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp';
  }
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  const head = Buffer.from(buf.subarray(0, 1024)).toString('latin1');
  const text = head
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase();
  // Markup first: a page that merely mentions %PDF- is still a page (polyglots are refused).
  if (/^<(!doctype html|html|head|body|script|iframe|meta|title|div|!--)/.test(text)) return 'html';
  // PDF readers accept the header anywhere in the first KiB; so do we.
  if (head.includes('%PDF-')) return 'pdf';
  if (text.startsWith('<?xml') || text.startsWith('<svg')) return 'xml';
  return 'unknown';
}

export interface ImageSize {
  width: number;
  height: number;
}

/** Width and height from a PNG IHDR or a JPEG SOFn marker; null when the header is unreadable. */
export function readImageSize(buf: Uint8Array): ImageSize | null {
  const type = sniffFileType(buf);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (type === 'png') {
    if (buf.length < 24 || Buffer.from(buf.subarray(12, 16)).toString('latin1') !== 'IHDR') {
      return null;
    }
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (type === 'jpeg') return readJpegSize(buf, view);
  return null;
}

function readJpegSize(buf: Uint8Array, view: DataView): ImageSize | null {
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1] as number;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = view.getUint16(i + 2);
    const isSof =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (i + 9 > buf.length) return null;
      return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
    }
    if (marker === 0xd9 || marker === 0xda || length < 2) return null;
    i += 2 + length;
  }
  return null;
}
