import { type StreamDecryptor, streamDecryptor } from './decryption.ts';
import {
  nameOf,
  objectsInStream,
  type PdfObject,
  type PdfObjects,
  scanObjects,
} from './pdf-objects.ts';
import { type PdfDict, PdfRef, type PdfValue } from './pdf-syntax.ts';
import { decodeFilter, ExpansionError } from './stream-filters.ts';

/**
 * The decompression bound, structural: every stream of the file is decoded here, through its
 * whole filter chain however it is spelled (chains of any length, /Filter or /F, names with
 * #-escapes, indirect references, objects inside object streams), with a cap on each stream's
 * output and on the total. A file whose decoding would pass a cap is refused before pdf.js
 * decodes anything; encrypted files that open without a password are decrypted first. What
 * this cannot see (image codecs, content that is merely heavy) is bounded by the limits of the
 * process that reads PDFs.
 */
export const EXPANSION_LIMITS = {
  perStreamBytes: 64 * 1024 * 1024,
  totalBytes: 512 * 1024 * 1024,
} as const;
export type ExpansionLimits = { perStreamBytes: number; totalBytes: number };

export { ExpansionError as PdfBombError };

/** A filter chain read through any references: every way it may resolve, at most a few. */
const MAX_CHAIN_VARIANTS = 4;

/** What one check shares while it walks the file. */
interface GuardRun {
  objects: PdfObjects;
  limits: ExpansionLimits;
  budget: { left: number };
  /** Streams a reader decodes to the end, whatever they claim to be. */
  readWhole: Set<string>;
  decrypt: StreamDecryptor | undefined;
}

export async function checkStreamExpansion(
  pdf: Uint8Array,
  limits: ExpansionLimits = EXPANSION_LIMITS,
): Promise<number> {
  const objects = scanObjects(pdf);
  const run: GuardRun = {
    objects,
    limits,
    budget: { left: limits.totalBytes },
    readWhole: streamsReadWhole(objects),
    decrypt: streamDecryptor(pdf, objects),
  };
  // Object streams first: they hold objects a filter reference may point to.
  for (const obj of objects.all.slice()) {
    if (obj.stream && nameOf((obj.value as PdfDict).get('Type')) === 'ObjStm') {
      const decoded = await decodeStream(run, obj, true);
      for (const inner of objectsInStream(obj.value as PdfDict, decoded)) objects.add(inner);
    }
  }
  for (const obj of objects.all) {
    if (obj.stream && nameOf((obj.value as PdfDict).get('Type')) !== 'ObjStm') {
      await decodeStream(run, obj);
    }
  }
  return limits.totalBytes - run.budget.left;
}

/**
 * Decodes one stream under every reading of its filters, counting every byte each step puts
 * out; returns the last output when asked to keep it (object streams are parsed further). An
 * image is read only as far as its declared pixels go (that is all pdf.js reads of it), so a
 * large photo is not mistaken for a bomb; every intermediate step still has the full caps.
 */
async function decodeStream(
  run: GuardRun,
  obj: PdfObject,
  keepOutput = false,
): Promise<Uint8Array> {
  const { objects, limits, budget } = run;
  const dict = obj.value as PdfDict;
  const raw = decrypted(run, obj);
  const imageBytes = run.readWhole.has(obj.key) ? undefined : declaredImageBytes(objects, dict);
  let last: Uint8Array = raw;
  for (const chain of filterChains(objects, dict)) {
    let data: Uint8Array = raw;
    for (const [i, step] of chain.entries()) {
      const lastStep = i === chain.length - 1;
      const isImageOutput = imageBytes !== undefined && lastStep;
      const cap = Math.min(
        limits.perStreamBytes,
        budget.left,
        isImageOutput ? imageBytes : Infinity,
      );
      const out = await decodeFilter(step.name, data, cap, {
        earlyChange: step.earlyChange,
        countOnly: lastStep && !keepOutput,
      }).catch((err) => {
        if (isImageOutput && err instanceof ExpansionError) return cap; // as far as pixels go
        throw err;
      });
      if (out === 'image-codec') {
        // What a codec decodes to is not computed here, so what a filter after it would make
        // of that cannot be counted; no PDF writer puts one there.
        if (!lastStep) throw new ExpansionError('a filter follows an image codec');
        break;
      }
      budget.left -= typeof out === 'number' ? out : out.length;
      if (budget.left < 0) throw new ExpansionError('the file expands beyond the total cap');
      if (typeof out === 'number') break;
      data = out;
    }
    last = data;
  }
  return last;
}

/** The stream's bytes as a reader sees them once the file's encryption is undone. */
function decrypted(run: GuardRun, obj: PdfObject): Uint8Array {
  const raw = obj.stream ?? new Uint8Array();
  const dict = obj.value as PdfDict;
  if (!run.decrypt || nameOf(dict.get('Type')) === 'XRef') return raw;
  const filters = run.objects.resolve(dict.get('Filter') ?? dict.get('F'))[0];
  const list = Array.isArray(filters) ? filters : [filters];
  if (list.some((f) => nameOf(run.objects.resolve(f)[0]) === 'Crypt')) return raw;
  return run.decrypt(obj.key, dict, raw);
}

/** Streams a reader decodes to the end whatever they claim to be: page contents and fonts. */
function streamsReadWhole(objects: PdfObjects): Set<string> {
  const keys = new Set<string>();
  const add = (v: PdfValue | undefined) => {
    if (v instanceof PdfRef) keys.add(v.key);
    if (Array.isArray(v)) for (const item of v) add(item);
  };
  for (const { value } of objects.all) {
    if (!(value instanceof Map)) continue;
    for (const key of ['Contents', 'FontFile', 'FontFile2', 'FontFile3']) add(value.get(key));
  }
  return keys;
}

/** What an image XObject's pixels take at most (4 components, its bit depth, a byte a row). */
function declaredImageBytes(objects: PdfObjects, dict: PdfDict): number | undefined {
  if (nameOf(objects.resolve(dict.get('Subtype'))[0]) !== 'Image') return undefined;
  const num = (key: string, short: string) => {
    const v = objects.resolve(dict.get(key) ?? dict.get(short))[0];
    return typeof v === 'number' && v > 0 ? Math.floor(v) : undefined;
  };
  const width = num('Width', 'W');
  const height = num('Height', 'H');
  if (!width || !height) return undefined;
  const bits = Math.min(num('BitsPerComponent', 'BPC') ?? 8, 16);
  return (Math.ceil((width * 4 * bits) / 8) + 1) * height;
}

interface FilterStep {
  name: string;
  earlyChange: number;
}

/** The filter chains a stream dictionary may stand for (pdf.js reads /F before /Filter). */
function filterChains(objects: PdfObjects, dict: PdfDict): FilterStep[][] {
  const filterValue = dict.has('F') ? dict.get('F') : dict.get('Filter');
  const paramsValue = dict.has('DP') ? dict.get('DP') : dict.get('DecodeParms');
  const chains: FilterStep[][] = [];
  for (const filter of objects.resolve(filterValue).slice(0, MAX_CHAIN_VARIANTS)) {
    const names = Array.isArray(filter) ? filter : [filter];
    const params = objects.resolve(paramsValue)[0];
    const steps: FilterStep[] = [];
    names.forEach((entry, i) => {
      const name = nameOf(objects.resolve(entry)[0]);
      if (!name) return;
      const p = objects.resolve(Array.isArray(params) ? params[i] : params)[0];
      steps.push({ name, earlyChange: earlyChangeOf(p) });
    });
    chains.push(steps);
  }
  return chains.length > 0 ? chains : [[]];
}

function earlyChangeOf(params: PdfValue | undefined): number {
  const v = params instanceof Map ? params.get('EarlyChange') : undefined;
  return v === 0 ? 0 : 1;
}
