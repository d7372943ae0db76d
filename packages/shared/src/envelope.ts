/** Every API reply: `{ hasError, message, response?, errorCode? }` (ARCHITECTURE §4). */
export interface Envelope<T = unknown> {
  hasError: boolean;
  message: string;
  response?: T;
  errorCode?: number;
  /** On 401: which token failed, so the client knows whether a refresh can help. */
  token_type?: 'access' | 'refresh';
}
