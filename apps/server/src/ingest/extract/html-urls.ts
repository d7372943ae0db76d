/** URLs as a page writes them: resolved against its base, their fragments read. */

/** An absolute, fragment-less http(s) URL for a link, or undefined. */
export function resolveLink(
  href: string | undefined,
  base: string | undefined,
): string | undefined {
  if (!href || !base) return undefined;
  const h = href.trim();
  if (!h || h.startsWith('#') || /^(javascript|mailto|tel|data|ftp):/i.test(h)) return undefined;
  try {
    const u = new URL(h, base);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    u.hash = '';
    return u.href;
  } catch {
    return undefined;
  }
}

/** The URL an href names, relative to a base, or undefined when it names none. */
export function safeUrl(href: string, relativeTo?: string): string | undefined {
  try {
    return new URL(href, relativeTo).href;
  } catch {
    return undefined;
  }
}

/** The section an href points to, as the page's heading ids write it (decoded), if any. */
export function fragmentOf(href: string): string | undefined {
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1) return undefined;
  try {
    return decodeURIComponent(href.slice(hash + 1));
  } catch {
    return href.slice(hash + 1);
  }
}
