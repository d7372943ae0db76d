import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { nameOf, type PdfObjects } from './pdf-objects.ts';
import { type PdfDict, PdfParser, PdfString, type PdfValue } from './pdf-syntax.ts';

/**
 * The standard security handler with the empty user password: what pdf.js opens without
 * asking (files that are only "protected" against printing or copying). The guard must see
 * through it, or a bomb would only need encrypting. Revisions 2-4 (RC4, AES-128) and 5-6
 * (AES-256). A file that needs a real password is left alone: pdf.js cannot read it either.
 */
export type StreamDecryptor = (key: string, dict: PdfDict, data: Uint8Array) => Uint8Array;

const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const md5 = (...parts: Uint8Array[]) => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
};

/** The file's decryptor, or undefined when it is not encrypted (or needs a password). */
export function streamDecryptor(pdf: Uint8Array, objects: PdfObjects): StreamDecryptor | undefined {
  const trailer = trailerWithEncrypt(pdf, objects);
  if (!trailer) return undefined;
  const enc = objects.resolve(trailer.get('Encrypt'))[0];
  if (!(enc instanceof Map) || nameOf(enc.get('Filter')) !== 'Standard') return undefined;
  const id = objects.resolve(trailer.get('ID'))[0];
  const fileId = Array.isArray(id) && id[0] instanceof PdfString ? id[0].bytes : Buffer.alloc(0);
  const v = enc.get('V');
  const method = cipherOf(objects, enc);
  if (method === 'none') return (_key, _dict, data) => data;
  if (v === 5) {
    const fileKey = aes256Key(enc);
    if (!fileKey) return undefined;
    return (_key, _dict, data) => aesDecrypt('aes-256-cbc', fileKey, data);
  }
  const fileKey = rc4FileKey(enc, fileId);
  if (!fileKey) return undefined;
  return (key, _dict, data) => {
    const [num, gen] = key.split(' ').map(Number) as [number, number];
    const objKey = objectKey(fileKey, num, gen, method === 'aes');
    return method === 'aes' ? aesDecrypt('aes-128-cbc', objKey, data) : rc4(objKey, data);
  };
}

/** The trailer (or cross-reference stream dictionary) that names the /Encrypt dictionary. */
function trailerWithEncrypt(pdf: Uint8Array, objects: PdfObjects): PdfDict | undefined {
  for (const { value } of objects.all) {
    if (value instanceof Map && value.has('Encrypt') && nameOf(value.get('Type')) === 'XRef')
      return value;
  }
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  for (let at = text.lastIndexOf('trailer'); at >= 0; at = text.lastIndexOf('trailer', at - 1)) {
    const dict = new PdfParser(pdf, at + 7).value();
    if (dict instanceof Map && dict.has('Encrypt')) return dict;
    if (at === 0) break;
  }
  return undefined;
}

function cipherOf(objects: PdfObjects, enc: PdfDict): 'rc4' | 'aes' | 'none' {
  const v = enc.get('V');
  if (v !== 4 && v !== 5) return 'rc4';
  const stmf = nameOf(enc.get('StmF')) ?? 'Identity';
  if (stmf === 'Identity') return 'none';
  const cf = objects.resolve(enc.get('CF'))[0];
  const filter = cf instanceof Map ? objects.resolve(cf.get(stmf))[0] : undefined;
  const cfm = filter instanceof Map ? nameOf(filter.get('CFM')) : undefined;
  if (cfm === 'V2') return 'rc4';
  return cfm === 'None' ? 'none' : 'aes';
}

const bytesOf = (v: PdfValue | undefined) => (v instanceof PdfString ? v.bytes : Buffer.alloc(0));

/** Algorithm 2 with the empty password, checked against /U (Algorithms 4 and 5). */
function rc4FileKey(enc: PdfDict, fileId: Buffer): Buffer | undefined {
  const r = Number(enc.get('R') ?? 2);
  const length = Number(enc.get('Length') ?? 40) / 8;
  const p = Buffer.alloc(4);
  p.writeInt32LE(Number(enc.get('P') ?? 0) | 0);
  const noMetadata = r >= 4 && enc.get('EncryptMetadata') === false;
  let key = md5(
    PAD,
    bytesOf(enc.get('O')).subarray(0, 32),
    p,
    fileId,
    noMetadata ? Buffer.alloc(4, 0xff) : Buffer.alloc(0),
  );
  const n = r >= 3 ? Math.min(16, Math.max(5, length)) : 5;
  if (r >= 3) for (let i = 0; i < 50; i++) key = md5(key.subarray(0, n));
  key = key.subarray(0, n);
  let check: Buffer;
  if (r >= 3) {
    check = rc4(key, md5(PAD, fileId));
    for (let i = 1; i <= 19; i++) check = rc4(Buffer.from(key.map((b) => b ^ i)), check);
  } else check = rc4(key, PAD);
  const u = bytesOf(enc.get('U'));
  const compared = r >= 3 ? 16 : 32;
  return check.subarray(0, compared).equals(u.subarray(0, compared)) ? key : undefined;
}

function objectKey(fileKey: Buffer, num: number, gen: number, aes: boolean): Buffer {
  const suffix = Buffer.from([
    num & 255,
    (num >> 8) & 255,
    (num >> 16) & 255,
    gen & 255,
    (gen >> 8) & 255,
  ]);
  const hash = md5(fileKey, suffix, aes ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0));
  return hash.subarray(0, Math.min(fileKey.length + 5, 16));
}

/** Revisions 5 and 6 (AES-256): /U checked and /UE unwrapped with the empty password. */
function aes256Key(enc: PdfDict): Buffer | undefined {
  const u = bytesOf(enc.get('U'));
  const ue = bytesOf(enc.get('UE'));
  if (u.length < 48 || ue.length < 32) return undefined;
  const hash =
    Number(enc.get('R')) === 6
      ? hashR6
      : (salt: Buffer) => createHash('sha256').update(salt).digest();
  if (!hash(u.subarray(32, 40)).equals(u.subarray(0, 32))) return undefined;
  const decipher = createDecipheriv('aes-256-cbc', hash(u.subarray(40, 48)), Buffer.alloc(16));
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(ue.subarray(0, 32)), decipher.final()]);
}

/** Algorithm 2.B (ISO 32000-2) for the empty password and no user data. */
export function hashR6(salt: Buffer): Buffer {
  let k = createHash('sha256').update(salt).digest();
  for (let round = 0; ; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => k));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    const e = Buffer.concat([cipher.update(k1), cipher.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i] as number;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3] as string)
      .update(e)
      .digest();
    if (round >= 63 && (e[e.length - 1] as number) <= round - 31) break;
  }
  return k.subarray(0, 32);
}

function aesDecrypt(algorithm: string, key: Buffer, data: Uint8Array): Uint8Array {
  if (data.length < 32) return new Uint8Array();
  try {
    const decipher = createDecipheriv(algorithm, key, data.subarray(0, 16));
    decipher.setAutoPadding(false);
    const body = data.subarray(16, 16 + Math.floor((data.length - 16) / 16) * 16);
    const out = Buffer.concat([decipher.update(body), decipher.final()]);
    const pad = out[out.length - 1] ?? 0;
    return pad > 0 && pad <= 16 ? out.subarray(0, out.length - pad) : out;
  } catch {
    return new Uint8Array();
  }
}

/** RC4 (not in OpenSSL 3's default provider). */
export function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.allocUnsafe(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + (s[i] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 255] as number);
  }
  return out;
}
