import type { Readable } from 'node:stream';
import { Agent, type Dispatcher, request } from 'undici';
import {
  type AddressPolicy,
  checkUrl,
  defaultResolver,
  guardedLookup,
  type Resolver,
} from './address-policy.ts';
import { decode } from './body.ts';
import { SafeFetchError, toSafeFetchError } from './errors.ts';
import { settings } from './settings.ts';

/**
 * The only place the server opens outbound connections: pooled undici agents whose connector
 * resolves through the address policy, and redirects followed by hand with every hop checked.
 */

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

/** The address rules of a call: its own options over the process-wide setting. */
export function addressPolicyOf(opts: SafeFetchOptions): AddressPolicy {
  return {
    allowPrivate: opts.allowPrivate ?? settings.allowPrivateNetwork,
    allowedAddresses: opts.allowedAddresses,
  };
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
  const policy = addressPolicyOf(opts);
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
      !REDIRECTS.has(res.statusCode) ||
      typeof location !== 'string' ||
      opts.redirect === 'manual'
    ) {
      return rawResponse(res, url, hop > 0, opts.maxBytes ?? 10 * 1024 * 1024, signal);
    }
    await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    if (hop >= maxRedirects) throw new SafeFetchError('too_many_redirects', url.href);
    url = checkUrl(redirectTarget(location, url), policy);
    if (
      res.statusCode === 303 ||
      ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = null;
      delete headers['content-type'];
    }
  }
}

function redirectTarget(location: string, from: URL): URL {
  try {
    return new URL(location, from);
  } catch {
    throw new SafeFetchError('invalid_url', location);
  }
}

/** The final hop's response, its body decoded; a declared length over the cap is refused. */
function rawResponse(
  res: Dispatcher.ResponseData,
  url: URL,
  redirected: boolean,
  maxBytes: number,
  signal: AbortSignal,
): SafeRawResponse {
  const declared = Number(res.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.body.on('error', () => undefined).destroy();
    throw new SafeFetchError('too_large', url.href);
  }
  const decoded = decode(res.body, res.headers['content-encoding']);
  return {
    status: res.statusCode,
    headers: res.headers,
    url: url.href,
    redirected,
    body: decoded,
    maxBytes,
    signal,
    dispose: () => {
      decoded.on('error', () => undefined).destroy();
    },
  };
}

function lowerKeys(h: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) out[k.toLowerCase()] = v;
  return out;
}
