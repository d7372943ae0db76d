import { MESSAGES } from '@docent/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest, payloadTooLarge } from '../../../lib/app-error.ts';
import type { UploadedFile } from '../../../modules/media/media-common.ts';

export interface MediaUpload {
  jsonData: unknown;
  files: (UploadedFile & { field: string })[];
}

/**
 * Reads a multipart upload (json_data + file parts) into memory. Files are never written to
 * disk, so the browser's file name cannot reach a path. More file parts than `maxFiles` is the
 * spec's image-count message rather than the multipart plugin's generic one.
 */
export async function readMediaUpload(
  request: FastifyRequest,
  opts: { isFileField: (name: string) => boolean; maxFiles: number; tooManyMessage?: string },
): Promise<MediaUpload> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return { jsonData: body.json_data ?? body, files: [] };
  }
  let jsonData: unknown;
  const files: MediaUpload['files'] = [];
  try {
    // One file more than allowed is read so that "too many" can be told apart.
    for await (const part of request.parts({ limits: { files: opts.maxFiles + 1 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (!opts.isFileField(part.fieldname) || buffer.length === 0) continue;
        files.push({ field: part.fieldname, filename: part.filename ?? '', buffer });
        if (files.length > opts.maxFiles)
          throw badRequest(opts.tooManyMessage ?? MESSAGES.selectFile);
      } else if (part.fieldname === 'json_data') {
        jsonData = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw badRequest(opts.tooManyMessage ?? MESSAGES.selectFile);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge('This file is larger than 25 MB.');
    throw err;
  }
  return { jsonData, files };
}
