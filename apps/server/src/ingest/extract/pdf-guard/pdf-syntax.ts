/**
 * Just enough of the PDF object syntax to find every stream and what decodes it: numbers,
 * names (with #xx escapes decoded, so /Fl#61teDecode is /FlateDecode), strings (skipped over),
 * arrays, dictionaries and indirect references. Lenient like pdf.js: it never throws on bad
 * input, it stops where the syntax stops making sense.
 */
export type PdfValue =
  | number
  | boolean
  | null
  | PdfName
  | PdfRef
  | PdfString
  | PdfValue[]
  | PdfDict;

export class PdfName {
  constructor(readonly name: string) {}
}
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  get key(): string {
    return `${this.num} ${this.gen}`;
  }
}
/** A string's bytes (encryption dictionaries and file ids are strings). */
export class PdfString {
  constructor(readonly bytes: Buffer) {}
}
export type PdfDict = Map<string, PdfValue>;

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const MAX_DEPTH = 64;
/** \n \r \t \b \f \( \) \\ in literal strings. */
const ESCAPES: Record<number, number> = {
  110: 0x0a,
  114: 0x0d,
  116: 0x09,
  98: 0x08,
  102: 0x0c,
  40: 0x28,
  41: 0x29,
  92: 0x5c,
};

export const isWhite = (c: number | undefined) => c !== undefined && WHITE.has(c);
const isRegular = (c: number | undefined) => c !== undefined && !WHITE.has(c) && !DELIMS.has(c);

export class PdfParser {
  constructor(
    private readonly buf: Uint8Array,
    public pos: number,
    private readonly end = buf.length,
  ) {}

  skipSpace(): void {
    while (this.pos < this.end) {
      const c = this.buf[this.pos];
      if (c === 0x25) {
        while (this.pos < this.end && this.buf[this.pos] !== 0x0a && this.buf[this.pos] !== 0x0d)
          this.pos++;
      } else if (isWhite(c)) this.pos++;
      else break;
    }
  }

  /** The next value; undefined at the end of input or at something that is not a value. */
  value(depth = 0): PdfValue | undefined {
    this.skipSpace();
    if (this.pos >= this.end) return undefined;
    if (depth > MAX_DEPTH) {
      this.pos++; // nested beyond reason: step over rather than recurse
      return undefined;
    }
    const c = this.buf[this.pos];
    if (c === 0x2f) return this.name();
    if (c === 0x28) return this.literalString();
    if (c === 0x5b) return this.array(depth);
    if (c === 0x3c) return this.buf[this.pos + 1] === 0x3c ? this.dict(depth) : this.hexString();
    const word = this.word();
    if (word === '') {
      this.pos++; // a stray delimiter: step over it
      return undefined;
    }
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    const n = Number(word);
    if (!Number.isFinite(n)) return undefined;
    return Number.isInteger(n) && n >= 0 ? this.maybeRef(n) : n;
  }

  /** `n g R` read as a reference; otherwise just the number n. */
  private maybeRef(n: number): PdfValue {
    const save = this.pos;
    this.skipSpace();
    const gen = this.word();
    if (/^\d+$/.test(gen)) {
      this.skipSpace();
      if (this.word() === 'R') return new PdfRef(n, Number(gen));
    }
    this.pos = save;
    return n;
  }

  word(): string {
    const start = this.pos;
    while (this.pos < this.end && isRegular(this.buf[this.pos])) this.pos++;
    return Buffer.from(this.buf.subarray(start, this.pos)).toString('latin1');
  }

  private name(): PdfName {
    this.pos++;
    const bytes: number[] = [];
    while (this.pos < this.end && isRegular(this.buf[this.pos])) {
      const c = this.buf[this.pos] as number;
      const hex = Buffer.from(this.buf.subarray(this.pos + 1, this.pos + 3)).toString('latin1');
      if (c === 0x23 && /^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        this.pos += 3;
      } else {
        bytes.push(c);
        this.pos++;
      }
    }
    return new PdfName(Buffer.from(bytes).toString('latin1'));
  }

  private literalString(): PdfString {
    const out: number[] = [];
    let depth = 0;
    while (this.pos < this.end) {
      const c = this.buf[this.pos++] as number;
      if (c === 0x28 && depth++ === 0) continue;
      if (c === 0x29 && --depth === 0) break;
      if (c !== 0x5c) {
        out.push(c);
        continue;
      }
      const e = this.buf[this.pos++] as number;
      const simple = ESCAPES[e];
      if (simple !== undefined) out.push(simple);
      else if (e >= 0x30 && e <= 0x37) {
        let v = e - 0x30;
        for (
          let k = 0;
          k < 2 && (this.buf[this.pos] ?? 0) >= 0x30 && (this.buf[this.pos] ?? 0) <= 0x37;
          k++
        )
          v = v * 8 + ((this.buf[this.pos++] as number) - 0x30);
        out.push(v & 255);
      } else if (e === 0x0d) {
        if (this.buf[this.pos] === 0x0a) this.pos++;
      } else if (e !== 0x0a) out.push(e);
    }
    return new PdfString(Buffer.from(out));
  }

  private hexString(): PdfString {
    const close = this.buf.indexOf(0x3e, this.pos);
    const end = close < 0 ? this.end : close;
    const hex = Buffer.from(this.buf.subarray(this.pos + 1, end))
      .toString('latin1')
      .replace(/[^0-9a-fA-F]/g, '');
    this.pos = end + 1;
    return new PdfString(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'));
  }

  private array(depth: number): PdfValue[] {
    this.pos++;
    const out: PdfValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.end) return out;
      if (this.buf[this.pos] === 0x5d) {
        this.pos++;
        return out;
      }
      const v = this.value(depth + 1);
      if (v !== undefined) out.push(v);
    }
  }

  private dict(depth: number): PdfDict {
    this.pos += 2;
    const out: PdfDict = new Map();
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.end) return out;
      if (this.buf[this.pos] === 0x3e && this.buf[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return out;
      }
      const key = this.value(depth + 1);
      if (!(key instanceof PdfName)) continue;
      const v = this.value(depth + 1);
      if (v !== undefined) out.set(key.name, v);
    }
  }
}
