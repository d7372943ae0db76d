import { CSRF_COOKIE, CSRF_HEADER, type ErrorReply, type OkReply } from '@docent/shared';
import { readCookie, writeCookie } from './cookies.ts';

/** A reply that was not a success: carries the HTTP status and the envelope (if any). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorReply> | undefined;
  constructor(status: number, body: Partial<ErrorReply> | undefined, fallback: string) {
    super(body?.message || fallback);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (uploads). */
  form?: FormData;
  signal?: AbortSignal;
  /**
   * Public endpoints (login, sign-up, password recovery, contact) answer 401 for bad
   * credentials; those must reach the form, not trigger session recovery.
   */
  skipAuthRecovery?: boolean;
}

type ExpiredHandler = () => void;
let onSessionExpired: ExpiredHandler = () => {};

/** The app registers what "log out because the session expired" means (storage, toast, route). */
export function setSessionExpiredHandler(handler: ExpiredHandler): void {
  onSessionExpired = handler;
}

/**
 * Bumped when the user ends the session on purpose (logout, account deletion). A request sent
 * before then may come back 401 (its cookies are gone); that is no expired session to report,
 * and reporting it would send the user to /login instead of where they were going.
 */
let sessionEpoch = 0;
export function sessionEndedOnPurpose(): void {
  sessionEpoch++;
}

const API_BASE = '/api/';

function buildInit(options: RequestOptions): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers.set(CSRF_HEADER, csrf);
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form; // the browser sets the multipart boundary
  } else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  return { method, headers, body, credentials: 'include', signal: options.signal };
}

/** The JSON body of a reply; only its status tells a success from an error. */
async function parseBody<T>(res: Response): Promise<T | undefined> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return undefined;
  try {
    return (await res.json()) as T;
  } catch {
    return undefined;
  }
}

/** Concurrent 401s share this one refresh. */
let refreshing: Promise<boolean> | null = null;
/** Bumped by each successful refresh: a request sent before it only needs its retry. */
let generation = 0;

function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const res = await fetch(`${API_BASE}auth/token/refresh`, buildInit({ method: 'POST' }));
      // Drain the small body: left unread (the reply is no-store), the browser keeps the
      // request open and its connection busy.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) return false;
      const csrf = res.headers.get(CSRF_HEADER);
      if (csrf) writeCookie(CSRF_COOKIE, csrf);
      generation += 1;
      return true;
    } catch {
      return false;
    } finally {
      // Let the next expiry start a fresh refresh once every waiter has its answer.
      queueMicrotask(() => {
        refreshing = null;
      });
    }
  })();
  return refreshing;
}

/**
 * Sends `/api/<path>` with cookies and the CSRF header and follows docs/spec.md §4: a 401 for an
 * expired access token triggers one shared refresh and one retry; any other 401 (or a failed
 * refresh) ends the session. Resolves with the final response, whatever its other status.
 */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const url = API_BASE + path.replace(/^\/+/, '');
  const sentAt = generation;
  const epoch = sessionEpoch;
  let res = await fetch(url, buildInit(options));
  if (res.status !== 401 || options.skipAuthRecovery) return res;

  let body = await parseBody<ErrorReply>(res);
  if (body?.token_type === 'access' && (sentAt !== generation || (await refreshTokens()))) {
    res = await fetch(url, buildInit(options));
    if (res.status !== 401) return res;
    body = await parseBody<ErrorReply>(res);
  }
  if (epoch === sessionEpoch) onSessionExpired();
  throw new ApiError(401, body, 'Unauthorized');
}

/**
 * Calls the API and resolves with the envelope of a 2xx reply (the server sends
 * `hasError: true` only with an error status); rejects with ApiError on any other status.
 */
export async function api<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<OkReply<T>> {
  const res = await send(path, options);
  if (!res.ok) {
    throw new ApiError(
      res.status,
      await parseBody<ErrorReply>(res),
      `Request failed (${res.status})`,
    );
  }
  const body = await parseBody<OkReply<T>>(res);
  if (!body) throw new ApiError(res.status, undefined, 'Unexpected reply from the server');
  return body;
}

/**
 * Like `api`, for replies that are not one JSON envelope (server-sent events): the same
 * cookies, CSRF header and 401 recovery, resolving with the open Response once it is a 2xx.
 */
export async function apiStream(path: string, options: RequestOptions = {}): Promise<Response> {
  const res = await send(path, options);
  if (!res.ok) {
    throw new ApiError(
      res.status,
      await parseBody<ErrorReply>(res),
      `Request failed (${res.status})`,
    );
  }
  return res;
}

/** The message to show for a failed call: the server's message when it sent one. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.') {
  if (err instanceof ApiError) return err.body?.message || fallback;
  if (err instanceof Error && err.name !== 'TypeError') return err.message || fallback;
  return fallback;
}
