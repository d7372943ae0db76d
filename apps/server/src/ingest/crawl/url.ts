/**
 * URL identity for the crawler: two spellings of one page must map to one key, so a site is
 * neither crawled twice nor listed twice.
 */
const TRACKING_PARAM =
  /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|_ga|_gl|yclid|igshid|_hsenc|_hsmi|ref_src|spm|__s)$/i;

/** Extensions that are never HTML pages; skipped without a request. */
const NON_HTML_EXT =
  /\.(pdf|png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|map|json|xml|rss|atom|txt|csv|tsv|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|dmg|msi|deb|rpm|apk|iso|bin|mp3|mp4|m4a|m4v|mov|avi|wmv|webm|ogg|wav|flac|woff2?|ttf|otf|eot|docx?|xlsx?|pptx?|odt|ods|epub|ps|eps|dvi|tex)$/i;

/**
 * Lower-cased scheme and host (the URL parser does that and drops default ports), no fragment,
 * no credentials, tracking parameters removed and the rest sorted, duplicate slashes collapsed,
 * an empty path becomes "/". A trailing slash is kept: /a and /a/ can be different resources,
 * and when they are not, the redirect or the identical content merges them.
 */
export function normalizeUrl(input: string, base?: string): string | null {
  let u: URL;
  try {
    u = new URL(input, base);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  u.hash = '';
  u.username = '';
  u.password = '';
  if (u.hostname.endsWith('.')) u.hostname = u.hostname.slice(0, -1);
  if (u.pathname.includes('//')) u.pathname = u.pathname.replace(/\/{2,}/g, '/');
  if (u.search) {
    const kept = [...u.searchParams].filter(([k]) => !TRACKING_PARAM.test(k));
    kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    u.search = kept.length ? new URLSearchParams(kept).toString() : '';
  }
  return u.href;
}

/** Host and port without a leading "www.": http/https and www/bare count as one site. */
export function siteKey(url: string | URL): string {
  const u = typeof url === 'string' ? new URL(url) : url;
  const host = u.hostname.replace(/^www\./, '');
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  return port === '80' || port === '443' ? host : `${host}:${port}`;
}

export function looksNonHtml(url: string): boolean {
  const path = new URL(url).pathname;
  return NON_HTML_EXT.test(path);
}
