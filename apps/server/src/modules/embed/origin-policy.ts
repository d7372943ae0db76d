/**
 * Whether a browser Origin may use a bot's public API. An empty list allows every site; the
 * product's own origin (the hosted full-page chat) is always allowed. Entries are `host`,
 * `host:port` (that port only) or `*.host` (subdomains only), already normalised.
 */
export function originAllowed(origin: string, domains: string[], publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin === safeOrigin(publicUrl)) return true;
  if (domains.length === 0) return true;
  const host = url.hostname;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return domains.some((entry) => {
    const m = /^(\*\.)?(.+?)(?::(\d+))?$/.exec(entry);
    if (!m?.[2]) return false;
    if (m[3] !== undefined && m[3] !== port) return false;
    return m[1] ? host.endsWith(`.${m[2]}`) : host === m[2];
  });
}

function safeOrigin(u: string): string | undefined {
  try {
    return new URL(u).origin;
  } catch {
    return undefined;
  }
}
