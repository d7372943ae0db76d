/**
 * The fields of a chunk the index scores separately (BM25F). Order is the on-disk bit order.
 * `code` is the chunk text's fenced code blocks, `body` the rest of it.
 */
export const FIELDS = ['body', 'title', 'heading', 'question', 'code'] as const;
export type Field = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;
