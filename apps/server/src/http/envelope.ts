import type { OkReply } from '@docent/shared';
import type { z } from 'zod';
import { badRequest } from '../lib/app-error.ts';

/** A successful reply in the envelope; without a response the key is left out. */
export function ok<T = undefined>(
  message: string,
  response?: T,
  extra: Pick<OkReply, 'errorCode'> = {},
): OkReply<T> {
  const body = { hasError: false, message, ...(response === undefined ? {} : { response }) };
  return { ...body, ...extra } as OkReply<T>;
}

/** Parses input that fastify did not validate itself (multipart json_data, query strings). */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/** Multipart `json_data` fields arrive as a string; malformed JSON is a 400, not a 500. */
export function parseJsonField<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  let value: unknown;
  try {
    value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw badRequest('json_data is not valid JSON');
  }
  return parseOr400(schema, value ?? {});
}
