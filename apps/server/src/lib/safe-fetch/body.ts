import { type Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { SafeFetchError, toSafeFetchError } from './errors.ts';
import type { SafeRawResponse } from './transport.ts';

/** Undoes content-encoding (the decoded size is capped by the readers). */
export function decode(raw: Readable, encoding: string | string[] | undefined): Readable {
  const enc = String(encoding ?? '')
    .trim()
    .toLowerCase();
  let stream: Transform;
  if (enc === 'gzip' || enc === 'x-gzip') stream = zlib.createGunzip();
  else if (enc === 'deflate') stream = zlib.createInflate();
  else if (enc === 'br') stream = zlib.createBrotliDecompress();
  else return raw;
  raw.on('error', (err) => stream.destroy(err));
  stream.on('close', () => {
    if (!raw.destroyed) raw.on('error', () => undefined).destroy();
  });
  return raw.pipe(stream);
}

/** A stream that errors once more than `maxBytes` pass through it. */
export function capStream(stream: Readable, maxBytes: number, url: string): Readable {
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new SafeFetchError('too_large', url));
      else done(null, chunk);
    },
  });
  stream.on('error', (err) => cap.destroy(toSafeFetchError(err, url)));
  cap.on('close', () => {
    if (!stream.destroyed) stream.on('error', () => undefined).destroy();
  });
  return stream.pipe(cap);
}

/** Reads a whole body, refusing more than its `maxBytes`. */
export async function readBody(res: SafeRawResponse): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let seen = 0;
  try {
    for await (const chunk of res.body) {
      seen += (chunk as Buffer).length;
      if (seen > res.maxBytes) {
        res.dispose();
        throw new SafeFetchError('too_large', res.url);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    throw toSafeFetchError(res.signal.aborted ? res.signal.reason : err, res.url);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}
