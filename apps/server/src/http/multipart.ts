import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { unsupportedMediaType } from '../lib/app-error.ts';

/** Reads an uploaded file up to `max` bytes; beyond that the rest is drained and dropped. */
async function readCapped(part: MultipartFile, max: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  }
  return size > max || part.file.truncated ? 'too-large' : Buffer.concat(chunks);
}

export interface JsonWithFile {
  jsonData: unknown;
  /** The first part named `fileField`; undefined when none was sent. */
  file: Buffer | 'too-large' | undefined;
}

/**
 * A settings form sent as multipart: the `json_data` field plus one optional image of at most
 * `maxBytes`. Files under other names are drained and ignored.
 */
export async function readJsonWithFile(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
): Promise<JsonWithFile> {
  if (!request.isMultipart()) throw unsupportedMediaType('Expected multipart/form-data');
  let jsonData: unknown;
  let file: JsonWithFile['file'];
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname === 'json_data') jsonData = part.value;
    } else if (part.fieldname === fileField && file === undefined) {
      file = await readCapped(part, maxBytes);
    } else {
      part.file.resume();
    }
  }
  return { jsonData, file };
}
