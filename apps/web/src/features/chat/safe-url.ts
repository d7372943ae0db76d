/**
 * The URL to put in an href, or null. Only absolute URLs with an allowed scheme pass:
 * `javascript:`, `data:`, `vbscript:`, relative and malformed URLs never become links
 * (the URL parser also drops the tabs and newlines used to disguise a scheme).
 */
export function safeHref(
  raw: string | null | undefined,
  schemes: readonly string[] = ['http:', 'https:'],
): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return schemes.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export const MARKDOWN_LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const;
