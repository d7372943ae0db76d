import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { Agent, type Dispatcher, request } from 'undici';
import { classifyAddress } from './ip-policy.ts';

/**
 * The one client for every outbound HTTP request of the server (SECURITY.md, "URLs to crawl").
 * Only http/https; each host is resolved and every address checked; the socket connects to the
 * address that was checked (the check runs inside the connector's `lookup`, so a DNS answer
 * cannot change between check and connect); redirects are followed by hand and every hop is
 * checked again; time and size are capped.
 */

export type SafeFetchErrorCode =
  | 'invalid_url'
  | 'bad_scheme'
  | 'blocked_address'
  | 'dns_failed'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  | 'network';

export const SAFE_FETCH_MESSAGES: Record<SafeFetchErrorCode, string> = {
  invalid_url: 'This address is not a valid URL.',
  bad_scheme: 'Only http and https addresses can be crawled.',
  blocked_address: 'This address points to a private or internal network and cannot be crawled.',
  dns_failed: 'This website could not be found. Please check the address.',
  too_many_redirects: 'The website redirected too many times.',
  timeout: 'The website took too long to respond.',
  too_large: 'The content is too large to be processed.',
  network: 'The website could not be reached.',
};

/** Its `message` is safe to show to the user as is. */
export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    readonly url?: string,
    options?: { cause?: unknown },
  ) {
    super(SAFE_FETCH_MESSAGES[code], options);
    this.name = 'SafeFetchError';
  }
}

export type Resolver = (hostname: string) => Promise<string[]>;

export interface SafeFetchOptions {
  /** Overrides the process-wide ALLOW_PRIVATE_NETWORK setting for this call. */
  allowPrivate?: boolean;
  /** Tests inject DNS answers here. */
  resolver?: Resolver;
  /** Exact addresses allowed although private (tests, a local LLM server). */
  allowedAddresses?: readonly string[];
  maxRedirects?: number;
  /** 'manual' returns a redirect response as it is (its target is checked when requested). */
  redirect?: 'follow' | 'manual';
  /** Whole request, redirects and body included. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Cap on the (decoded) body. */
  maxBytes?: number;
  signal?: AbortSignal;
}

interface Settings {
  allowPrivateNetwork: boolean;
  userAgent: string;
  connectionsPerOrigin: number;
}

const settings: Settings = {
  allowPrivateNetwork: false,
  userAgent: 'DocentBot/1.0',
  connectionsPerOrigin: 16,
};

/** Called once at boot with the validated environment. */
export function configureSafeFetch(opts: {
  allowPrivateNetwork: boolean;
  publicUrl?: string;
  connectionsPerOrigin?: number;
}): void {
  settings.allowPrivateNetwork = opts.allowPrivateNetwork;
  settings.userAgent = opts.publicUrl ? `DocentBot/1.0 (+${opts.publicUrl})` : 'DocentBot/1.0';
  if (opts.connectionsPerOrigin) settings.connectionsPerOrigin = opts.connectionsPerOrigin;
}

export function userAgent(): string {
  return settings.userAgent;
}

const defaultResolver: Resolver = async (hostname) => {
  try {
    const answers = await dnsLookup(hostname, { all: true, verbatim: true });
    return answers.map((a) => a.address);
  } catch (err) {
    throw new SafeFetchError('dns_failed', hostname, { cause: err });
  }
};

export interface AddressPolicy {
  allowPrivate: boolean;
  allowedAddresses?: readonly string[];
}

/** Resolves a host name and refuses it if ANY of its addresses is not allowed. */
export async function resolveChecked(
  hostname: string,
  policy: AddressPolicy,
  resolver: Resolver = defaultResolver,
): Promise<string[]> {
  const literal = hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) {
    assertAddressAllowed(literal, policy, hostname);
    return [literal];
  }
  const addresses = await resolver(hostname);
  if (addresses.length === 0) throw new SafeFetchError('dns_failed', hostname);
  for (const address of addresses) assertAddressAllowed(address, policy, hostname);
  return addresses;
}

function assertAddressAllowed(address: string, policy: AddressPolicy, url: string): void {
  const cls = classifyAddress(address);
  if (cls === 'public' || (policy.allowPrivate && cls === 'private')) return;
  if (policy.allowedAddresses?.includes(address)) return;
  throw new SafeFetchError('blocked_address', url);
}

/**
 * Parses and checks a URL without touching the network. WHATWG parsing already turns every
 * numeric IPv4 spelling (2130706433, 0177.0.0.1, 0x7f.1, 127.1) into dotted form, so the literal
 * check below sees the real address.
 */
export function checkUrl(
  input: string | URL,
  policy: AddressPolicy = { allowPrivate: settings.allowPrivateNetwork },
): URL {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new SafeFetchError('invalid_url', String(input));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('bad_scheme', url.href);
  }
  if (!url.hostname) throw new SafeFetchError('invalid_url', url.href);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) assertAddressAllowed(literal, policy, url.href);
  return url;
}

function guardedLookup(policy: AddressPolicy, resolver: Resolver): LookupFunction {
  return ((
    hostname: string,
    options: { all?: boolean },
    callback: (...args: unknown[]) => void,
  ) => {
    resolveChecked(hostname, policy, resolver).then(
      (addresses) => {
        if (options?.all) {
          callback(
            null,
            addresses.map((address) => ({ address, family: isIP(address) })),
          );
        } else {
          const first = addresses[0] as string;
          callback(null, first, isIP(first));
        }
      },
      (err) => callback(err),
    );
  }) as unknown as LookupFunction;
}

/** One keep-alive pool per (resolver, policy): the policy lives in the pool's connector. */
const agentCache = new WeakMap<Resolver, Map<string, Agent>>();

function agentFor(policy: AddressPolicy, resolver: Resolver, connectTimeout: number): Agent {
  let byPolicy = agentCache.get(resolver);
  if (!byPolicy) {
    byPolicy = new Map();
    agentCache.set(resolver, byPolicy);
  }
  const key = `${policy.allowPrivate}|${policy.allowedAddresses?.join(',') ?? ''}|${connectTimeout}`;
  let agent = byPolicy.get(key);
  if (!agent) {
    agent = new Agent({
      connections: settings.connectionsPerOrigin,
      keepAliveTimeout: 4_000,
      connect: { lookup: guardedLookup(policy, resolver), timeout: connectTimeout },
    });
    byPolicy.set(key, agent);
  }
  return agent;
}

export interface SafeRawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Final URL after redirects. */
  url: string;
  redirected: boolean;
  /**
   * The decoded body. Its size cap is enforced by `readBody` and by `safeFetch`'s Response;
   * code that consumes it otherwise must count bytes against `maxBytes` itself.
   */
  body: Readable;
  maxBytes: number;
  /** Aborted on timeout or cancellation; its reason explains a failed body read. */
  signal: AbortSignal;
  /** Aborts the transfer. */
  dispose(): void;
}

export interface SafeRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Uint8Array | null;
}

/** Finds a SafeFetchError in an error's cause chain, or classifies a transport failure. */
export function toSafeFetchError(err: unknown, url?: string): SafeFetchError {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur; i++) {
    if (cur instanceof SafeFetchError) return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  const e = err as { name?: string; code?: string } | undefined;
  const code = e?.code ?? '';
  if (e?.name === 'TimeoutError' || code.includes('TIMEOUT')) {
    return new SafeFetchError('timeout', url, { cause: err });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new SafeFetchError('dns_failed', url, { cause: err });
  return new SafeFetchError('network', url, { cause: err });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Low-level request: streams the body, follows redirects by hand with a check on every hop. */
export async function safeRequest(
  input: string | URL,
  init: SafeRequestInit = {},
  opts: SafeFetchOptions = {},
): Promise<SafeRawResponse> {
  const maxRedirects = opts.maxRedirects ?? 5;
  // One controller per request (cheaper than AbortSignal.timeout + any on a crawl's hot path).
  const controller = new AbortController();
  const signal = controller.signal;
  const outer = opts.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  const timer = setTimeout(
    () => controller.abort(new SafeFetchError('timeout', String(input))),
    opts.timeoutMs ?? 30_000,
  );
  const cleanup = () => {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  };
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    const res = await requestFollowingRedirects(input, init, opts, signal, maxRedirects);
    res.body.once('close', cleanup);
    return res;
  } catch (err) {
    cleanup();
    throw toSafeFetchError(signal.aborted ? signal.reason : err, String(input));
  }
}

async function requestFollowingRedirects(
  input: string | URL,
  init: SafeRequestInit,
  opts: SafeFetchOptions,
  signal: AbortSignal,
  maxRedirects: number,
): Promise<SafeRawResponse> {
  const policy: AddressPolicy = {
    allowPrivate: opts.allowPrivate ?? settings.allowPrivateNetwork,
    allowedAddresses: opts.allowedAddresses,
  };
  const resolver = opts.resolver ?? defaultResolver;
  const dispatcher: Dispatcher = agentFor(policy, resolver, opts.connectTimeoutMs ?? 10_000);
  let url = checkUrl(input, policy);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body ?? null;
  const headers: Record<string, string> = {
    'user-agent': settings.userAgent,
    'accept-encoding': 'gzip, deflate, br',
    ...lowerKeys(init.headers),
  };
  for (let hop = 0; ; hop++) {
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, {
        dispatcher,
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        signal,
        headersTimeout: opts.headersTimeoutMs ?? 15_000,
        bodyTimeout: opts.bodyTimeoutMs ?? 15_000,
      });
    } catch (err) {
      throw toSafeFetchError(signal.aborted ? signal.reason : err, url.href);
    }
    const location = res.headers.location;
    if (
      REDIRECTS.has(res.statusCode) &&
      typeof location === 'string' &&
      opts.redirect !== 'manual'
    ) {
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      if (hop >= maxRedirects) throw new SafeFetchError('too_many_redirects', url.href);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new SafeFetchError('invalid_url', location);
      }
      url = checkUrl(next, policy);
      if (
        res.statusCode === 303 ||
        ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')
      ) {
        method = 'GET';
        body = null;
        delete headers['content-type'];
      }
      continue;
    }
    const raw = res.body;
    const maxBytes = opts.maxBytes ?? 10 * 1024 * 1024;
    const declared = Number(res.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      raw.on('error', () => undefined).destroy();
      throw new SafeFetchError('too_large', url.href);
    }
    const decoded = decode(raw, res.headers['content-encoding']);
    return {
      status: res.statusCode,
      headers: res.headers,
      url: url.href,
      redirected: hop > 0,
      body: decoded,
      maxBytes,
      signal,
      dispose: () => {
        decoded.on('error', () => undefined).destroy();
      },
    };
  }
}

function lowerKeys(h: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) out[k.toLowerCase()] = v;
  return out;
}

/** Undoes content-encoding (the decoded size is capped by the readers). */
function decode(raw: Readable, encoding: string | string[] | undefined): Readable {
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
function capStream(stream: Readable, maxBytes: number, url: string): Readable {
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
