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

/**
 * CSP `frame-ancestors` sources for the hosted full-page chat: the product itself and exactly
 * the bot's allowed domains, with the same meaning as above (either scheme; any port unless the
 * entry names one; `*.host` for subdomains only). An empty list allows every web site, as it
 * does for the widget. CSP cannot name IPv6 literals, so such entries allow no framing.
 */
export function frameAncestorSources(domains: string[]): string[] {
  if (domains.length === 0) return ["'self'", 'https:', 'http:'];
  const sources = domains.flatMap((entry) => {
    const m = /^(\*\.)?([a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry);
    if (!m) return [];
    const host = `${m[1] ?? ''}${m[2]}:${m[3] ?? '*'}`;
    return [`https://${host}`, `http://${host}`];
  });
  return ["'self'", ...sources];
}
