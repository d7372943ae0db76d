/** Schemes a link in an answer may use. */
export const LINK_SCHEMES: readonly string[] = ['http:', 'https:', 'mailto:'];
/** Schemes a source link may use: a source is a page, never a mail address. */
export const PAGE_SCHEMES: readonly string[] = ['http:', 'https:'];

/**
 * The URL to put in an href, or null. Only absolute URLs with an allowed scheme pass, as
 * normalised by the URL parser: `javascript:`, `data:`, `vbscript:`, relative and malformed URLs
 * never become links. Control characters and whitespace inside the value (the classic way to
 * disguise a scheme) refuse it outright.
 */
export function safeHref(
  raw: string | null | undefined,
  schemes: readonly string[] = LINK_SCHEMES,
): string | null {
  const value = (raw ?? '').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point
  if (value === '' || /[\u0000-\u001f\u007f\s]/.test(value)) return null;
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
