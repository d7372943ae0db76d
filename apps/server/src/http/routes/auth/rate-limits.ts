import { AUTH_MESSAGES } from '@docent/shared';
import { AppError } from '../../../lib/app-error.ts';

/**
 * Per-IP limits of the endpoints that guess passwords, send mail or store anonymous input
 * (docs/security.md §5). Generous enough for a person who mistypes; far too low for a script.
 */
export const LIMITS = {
  login: 10,
  register: 10,
  completeRegistration: 10,
  fetchEmail: 30,
  validateEmail: 5,
  resetPassword: 10,
  changePassword: 10,
  contactForm: 5,
} as const;

/** Route `config` for one of the limits above; a refusal is a 429 in the envelope. */
export function rateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      errorResponseBuilder: () => new AppError(429, AUTH_MESSAGES.tooManyRequests),
    },
  };
}
