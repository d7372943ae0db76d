/** Reads one cookie set by the API (only the non-HttpOnly CSRF cookie is visible here). */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

export function writeCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec stores the refreshed CSRF value in this cookie
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; samesite=lax`;
}
