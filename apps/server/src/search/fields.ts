/** The fields of a chunk the index scores separately (BM25F). Order is the on-disk bit order. */
export const FIELDS = ['body', 'title', 'heading', 'question'] as const;
export type Field = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;
