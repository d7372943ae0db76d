import {
  contentTypeOf,
  isHtmlType,
  readBody,
  type SafeFetchOptions,
  safeRequest,
} from '../../lib/safe-fetch.ts';
import { decodeHtml } from '../extract/html.ts';

export type FetchedPage =
  | { kind: 'html'; url: string; html: string }
  | { kind: 'skipped'; url: string; reason: 'status' | 'not-html' };

const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

/** One page through the guarded client: HTML only, size and time capped. */
export async function fetchPage(
  url: string,
  opts: SafeFetchOptions & { maxBytes: number; timeoutMs: number },
): Promise<FetchedPage> {
  const res = await safeRequest(url, { headers: { accept: ACCEPT } }, opts);
  if (res.status < 200 || res.status >= 300) {
    res.dispose();
    return { kind: 'skipped', url: res.url, reason: 'status' };
  }
  const ct = contentTypeOf(res.headers);
  if (!isHtmlType(ct)) {
    res.dispose();
    return { kind: 'skipped', url: res.url, reason: 'not-html' };
  }
  const body = await readBody(res);
  if (
    !ct &&
    !/^\s*(<!doctype html|<html|<\?xml|<head|<body|<!--)/i.test(
      body.subarray(0, 512).toString('latin1'),
    )
  ) {
    return { kind: 'skipped', url: res.url, reason: 'not-html' };
  }
  return { kind: 'html', url: res.url, html: decodeHtml(body, ct) };
}

export interface ImageInput {
  url: string;
  bytes: Buffer;
  contentType: string;
}
/** Reads text from one image (OCR); supplied by the OCR module when fetch_img_content is on. */
export type ImageTextExtractor = (image: ImageInput, signal?: AbortSignal) => Promise<string>;

/** Fetches one image for OCR; null when it is not an image or fails. */
export async function fetchImage(
  url: string,
  opts: SafeFetchOptions & { maxBytes: number; timeoutMs: number },
): Promise<ImageInput | null> {
  try {
    const res = await safeRequest(url, { headers: { accept: 'image/*' } }, opts);
    const ct = contentTypeOf(res.headers);
    if (res.status !== 200 || !/^image\/(png|jpe?g|webp|gif|bmp|tiff)/.test(ct)) {
      res.dispose();
      return null;
    }
    return { url: res.url, bytes: await readBody(res), contentType: ct };
  } catch {
    return null;
  }
}
