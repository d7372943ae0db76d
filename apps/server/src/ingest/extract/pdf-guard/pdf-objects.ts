import { type PdfDict, PdfName, PdfParser, PdfRef, type PdfValue } from './pdf-syntax.ts';

/** One `n g obj … endobj`, or an object stored in an object stream. */
export interface PdfObject {
  key: string;
  value: PdfValue;
  /** The raw (still encoded) bytes when the object is a stream. */
  stream?: Uint8Array;
}

/**
 * Every object of the file, found by scanning for `n g obj` rather than trusting the xref
 * table (which a hostile file may point anywhere, and which pdf.js rebuilds by scanning when
 * it is broken). A number defined more than once keeps all its definitions: the guard checks
 * each, whichever one the parser will end up using.
 */
export class PdfObjects {
  readonly all: PdfObject[] = [];
  private readonly byKey = new Map<string, PdfObject[]>();

  add(obj: PdfObject): void {
    this.all.push(obj);
    const list = this.byKey.get(obj.key);
    if (list) list.push(obj);
    else this.byKey.set(obj.key, [obj]);
  }

  /** Every value a reference may stand for (itself when it is not a reference). */
  resolve(value: PdfValue | undefined, depth = 0): PdfValue[] {
    if (!(value instanceof PdfRef)) return value === undefined ? [] : [value];
    if (depth > 8) return [];
    return (this.byKey.get(value.key) ?? []).flatMap((o) => this.resolve(o.value, depth + 1));
  }
}

const OBJ_HEADER = /(\d{1,10})\s+(\d{1,5})\s+obj\b/g;

export function scanObjects(pdf: Uint8Array): PdfObjects {
  const objects = new PdfObjects();
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  for (const m of text.matchAll(OBJ_HEADER)) {
    const start = (m.index ?? 0) + m[0].length;
    const parser = new PdfParser(pdf, start);
    const value = parser.value();
    if (value === undefined) continue;
    const key = `${Number(m[1])} ${Number(m[2])}`;
    const stream = value instanceof Map ? streamAfter(pdf, text, parser, value) : undefined;
    objects.add({ key, value, ...(stream ? { stream } : {}) });
  }
  return objects;
}

/**
 * The raw data of `stream … endstream` after a dictionary. /Length is trusted only when it ends
 * right before `endstream` (it may be an indirect number, or a lie); otherwise the data runs to
 * the next `endstream`, which is where pdf.js looks too.
 */
function streamAfter(
  pdf: Uint8Array,
  text: string,
  parser: PdfParser,
  dict: PdfDict,
): Uint8Array | undefined {
  parser.skipSpace();
  if (parser.word() !== 'stream') return undefined;
  let start = parser.pos;
  if (pdf[start] === 0x0d) start++;
  if (pdf[start] === 0x0a) start++;
  const length = dict.get('Length');
  if (typeof length === 'number' && length >= 0 && start + length <= pdf.length) {
    const after = text.slice(start + length, start + length + 12);
    if (/^\s*endstream/.test(after)) return pdf.subarray(start, start + length);
  }
  const end = text.indexOf('endstream', start);
  let stop = end < 0 ? pdf.length : end;
  if (pdf[stop - 1] === 0x0a) stop--;
  if (pdf[stop - 1] === 0x0d) stop--;
  return pdf.subarray(start, Math.max(start, stop));
}

/** The objects an object stream (/Type /ObjStm) holds, given its decoded bytes. */
export function objectsInStream(dict: PdfDict, decoded: Uint8Array): PdfObject[] {
  const n = dict.get('N');
  const first = dict.get('First');
  if (typeof n !== 'number' || typeof first !== 'number') return [];
  const header = new PdfParser(decoded, 0, Math.min(first, decoded.length));
  const out: PdfObject[] = [];
  for (let i = 0; i < Math.min(n, 100_000); i++) {
    const num = header.value();
    const offset = header.value();
    if (typeof num !== 'number' || typeof offset !== 'number') break;
    const value = new PdfParser(decoded, first + offset).value();
    if (value !== undefined) out.push({ key: `${num} 0`, value });
  }
  return out;
}

export const nameOf = (v: PdfValue | undefined) => (v instanceof PdfName ? v.name : undefined);
