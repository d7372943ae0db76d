/**
 * Canonical form of every text before it is hashed, counted and chunked: Unicode NFC, no
 * control characters (NUL would even be refused by PostgreSQL), unified line breaks, runs of
 * blanks collapsed, at most one empty line between paragraphs.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function normalizeDocumentText(input: string): string {
  return (
    input
      .replace(LONE_SURROGATE, '\uFFFD')
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // C0/C1 controls except tab and newline, plus zero-width and BOM characters.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200D\u2060\uFEFF]/g, '')
      .replace(/[\t\f\v\u00A0\u2000-\u200A\u202F\u205F\u3000 ]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** A single-line form for titles, questions and names. */
export function normalizeLine(input: string): string {
  return normalizeDocumentText(input).replace(/\s+/g, ' ');
}

/** What PostgreSQL text and jsonb refuse: NUL and unpaired surrogates. */
export function storable(input: string): string {
  return input.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}
