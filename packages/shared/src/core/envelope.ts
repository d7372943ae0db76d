/** What an error reply may carry besides its message. */
export interface ErrorDetails {
  errorCode?: number;
  /** On 401: which token failed, so the client knows whether a refresh can help. */
  token_type?: 'access' | 'refresh';
}

/**
 * A reply with a 2xx status. The server never sends `hasError: true` with a 2xx status, so a
 * client that has checked the status has an `OkReply`.
 */
export interface OkReply<T = undefined> {
  hasError: false;
  message: string;
  response: T;
  errorCode?: number;
}

/** A reply with a 4xx or 5xx status: its message is safe to show. */
export interface ErrorReply extends ErrorDetails {
  hasError: true;
  message: string;
}

/** Every API reply: `{ hasError, message, response?, errorCode? }` (docs/ARCHITECTURE.md, "API conventions"). */
export type Envelope<T = unknown> = OkReply<T> | ErrorReply;
