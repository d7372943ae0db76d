/** The errors of the guarded client; their messages are safe to show to users. */

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
  blocked_address:
    'This address points to a private or internal network and cannot be crawled. ' +
    'To crawl a site on your own machine or network, whoever runs this server can start it ' +
    'with ALLOW_PRIVATE_NETWORK=true.',
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
