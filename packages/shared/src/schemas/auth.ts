import { z } from 'zod';
import { EMAIL_PATTERN } from '../constants.ts';
import { MESSAGES } from '../messages.ts';

/** Trimmed string that may be absent; emptiness is judged by the refinements below. */
const field = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());
const secret = z
  .string()
  .optional()
  .transform((v) => v ?? '');

export const loginBody = z
  .object({ email: field, password: secret })
  .refine((b) => b.email !== '' && b.password !== '', { message: MESSAGES.fillAllFields })
  .refine((b) => EMAIL_PATTERN.test(b.email), { message: MESSAGES.validEmail });
export type LoginBody = z.input<typeof loginBody>;

export interface LoginResponse {
  user: string;
  userId: string;
  fullname: string;
  botCount: number;
}
