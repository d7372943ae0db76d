import { Readable } from 'node:stream';
import { capStream } from './safe-fetch/body.ts';
import {
  type SafeFetchOptions,
  type SafeRawResponse,
  safeRequest,
} from './safe-fetch/transport.ts';

/**
 * The one client for every outbound HTTP request of the server (docs/security.md, "URLs to crawl").
 * Only http/https; each host is resolved and every address checked; the socket connects to the
 * address that was checked (the check runs inside the connector's `lookup`, so a DNS answer
 * cannot change between check and connect); redirects are followed by hand and every hop is
 * checked again; time and size are capped.
 *
 * This file is the entry point; the parts live in safe-fetch/: errors, settings, the address
 * policy (DNS and address checks), the transport (agents, redirects) and body streams.
 */

export {
  type AddressPolicy,
  checkUrl,
  type Resolver,
  resolveChecked,
} from './safe-fetch/address-policy.ts';
export { readBody } from './safe-fetch/body.ts';
export {
  SAFE_FETCH_MESSAGES,
  SafeFetchError,
  type SafeFetchErrorCode,
  toSafeFetchError,
} from './safe-fetch/errors.ts';
export { configureSafeFetch, userAgent } from './safe-fetch/settings.ts';
export {
  addressPolicyOf,
  type SafeFetchOptions,
  type SafeRawResponse,
  type SafeRequestInit,
  safeRequest,
} from './safe-fetch/transport.ts';

const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** fetch-like API on top of safeRequest; the Response streams its capped body. */
export async function safeFetch(
  input: string | URL | Request,
  init: RequestInit = {},
  opts: SafeFetchOptions = {},
): Promise<Response> {
  const href = input instanceof Request ? input.url : String(input);
  const headers: Record<string, string> = {};
  new Headers(input instanceof Request ? input.headers : undefined).forEach((v, k) => {
    headers[k] = v;
  });
  new Headers(init.headers).forEach((v, k) => {
    headers[k] = v;
  });
  let body: string | Buffer | null = null;
  if (init.body != null) {
    body =
      typeof init.body === 'string'
        ? init.body
        : Buffer.from(await new Response(init.body).arrayBuffer());
  }
  const signals = [opts.signal, init.signal ?? undefined].filter((s): s is AbortSignal => !!s);
  const res = await safeRequest(
    href,
    { method: init.method ?? (input instanceof Request ? input.method : 'GET'), headers, body },
    {
      ...opts,
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      redirect: init.redirect === 'manual' ? 'manual' : opts.redirect,
    },
  );
  const responseHeaders = new Headers();
  for (const [k, v] of Object.entries(res.headers)) {
    if (v === undefined || k === 'content-encoding' || k === 'content-length') continue;
    for (const item of Array.isArray(v) ? v : [v]) responseHeaders.append(k, item);
  }
  const stream = NULL_BODY.has(res.status)
    ? null
    : (Readable.toWeb(
        capStream(res.body, res.maxBytes, res.url),
      ) as unknown as ReadableStream<Uint8Array>);
  if (!stream) res.dispose();
  const response = new Response(stream, { status: res.status, headers: responseHeaders });
  Object.defineProperty(response, 'url', { value: res.url });
  Object.defineProperty(response, 'redirected', { value: res.redirected });
  return response;
}

export function contentTypeOf(headers: SafeRawResponse['headers'] | Headers): string {
  const raw = headers instanceof Headers ? headers.get('content-type') : headers['content-type'];
  return String(Array.isArray(raw) ? raw[0] : (raw ?? '')).toLowerCase();
}

export const isHtmlType = (ct: string) =>
  /^(text\/html|application\/xhtml\+xml)\b/.test(ct) || ct === '';
export const isXmlType = (ct: string) => /\b(xml)\b/.test(ct);
export const isGzipType = (ct: string) => /\b(gzip|x-gzip)\b/.test(ct);

export function charsetOf(ct: string): string | undefined {
  return /charset=["']?([\w.:-]+)/i.exec(ct)?.[1]?.toLowerCase();
}
