import type { ErrorDetails } from '@docent/shared';

/**
 * An error whose message is safe to show to the client. Anything else thrown in a handler
 * becomes a generic 500 so no stack trace or SQL ever leaves the server.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, extra?: AppError['extra']) =>
  new AppError(400, message, extra);
export const unauthorized = (message: string, tokenType?: 'access' | 'refresh') =>
  new AppError(401, message, tokenType ? { token_type: tokenType } : {});
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const unsupportedMediaType = (message: string) => new AppError(415, message);
