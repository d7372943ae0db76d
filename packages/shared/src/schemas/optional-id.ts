import { z } from 'zod';

/**
 * An id as clients send it where one is optional: absent, null or '' (after trimming) mean
 * "none yet" (e.g. no bot before the first training); numbers are read as their string.
 */
export const optionalId = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => {
    const t = v === null || v === undefined ? '' : String(v).trim();
    return t === '' ? undefined : t;
  });
