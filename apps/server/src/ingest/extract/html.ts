import { Parser } from 'htmlparser2';

/**
 * One streaming pass over a page (htmlparser2, no DOM): main text with headings as Markdown
 * `#` lines (so the chunker keeps them with their paragraphs), title, canonical URL, links and
 * images for the crawler. Boilerplate (navigation, page header/footer, sidebars, cookie banners,
 * dialogs, hidden elements) is dropped by tag, ARIA role and class/id; when the page marks its
 * main region (<main>, <article>, role=main, #content) only that region is kept.
 * Cheap on purpose: a crawl parses every page exactly once.
 */
export interface ExtractedHtml {
  title: string;
  /** Main text; its length is the page's character count. */
  text: string;
  canonical?: string;
  /** Absolute http(s) links, fragment-less, in document order, deduplicated. */
  links: string[];
  images: string[];
  noindex: boolean;
  nofollow: boolean;
}

const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'object',
  'canvas',
  'nav',
  'aside',
  'form',
  'button',
  'select',
  'textarea',
  'dialog',
  'head',
  'footer',
  'map',
  'audio',
  'video',
]);
const SKIP_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'toolbar',
]);
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
  'caption',
  'summary',
  'details',
  'body',
  'center',
]);
const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const MAIN_IDS = new Set([
  'main',
  'content',
  'main-content',
  'maincontent',
  'primary',
  'docs-content',
]);
const BOILERPLATE_TOKEN =
  /^(nav.*|.*nav|.*navbar.*|navigation|menu|menubar|breadcrumbs?|sidebar.*|.*-sidebar|site-header|site-footer|.*footer.*|header|masthead|banner|skip-?(link|to-content)?|pagination|pager|social.*|share.*|ads?|advert.*|promo.*|related.*|comments?|modal.*|popup|newsletter|subscribe|hidden|d-none|visually-hidden|sr-only|screen-reader-text)$/;
const COOKIE = /cookie|consent|gdpr/;
/** Icon-font glyphs (private use area) and zero-width characters carry no text. */
const INVISIBLE = /[\uE000-\uF8FF\u200B-\u200D\u2060\uFEFF]/g;
const HAS_INVISIBLE = /[\uE000-\uF8FF\u200B-\u200D\u2060\uFEFF]/;
const BLANK = /^\s*$/;

interface Frame {
  name: string;
  skip: boolean;
  main: boolean;
}

/** Page-level wrappers are never dropped for their class names ("has-sidebar" on <body>). */
const NEVER_BY_CLASS = new Set(['html', 'body', 'main', 'article']);

function isBoilerplate(
  name: string,
  attrs: Record<string, string>,
  inMain: boolean,
  byClass: boolean,
): boolean {
  if (SKIP_TAGS.has(name)) return true;
  if (name === 'header' && !inMain) return true;
  const role = attrs.role?.toLowerCase();
  if (role && SKIP_ROLES.has(role)) return true;
  if (attrs['aria-hidden'] === 'true' || 'hidden' in attrs) return true;
  const style = attrs.style;
  if (style && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)) return true;
  const cls = attrs.class;
  const id = attrs.id;
  if ((!cls && !id) || !byClass || NEVER_BY_CLASS.has(name)) return false;
  const marks = id ? `${cls ?? ''} ${id}` : (cls as string);
  const key = inMain ? `m ${marks}` : marks;
  let verdict = markCache.get(key);
  if (verdict === undefined) {
    verdict = marksAreBoilerplate(marks.toLowerCase(), inMain);
    // Class strings repeat across the pages of a site; the cache keeps regex work per page small.
    if (markCache.size > 20_000) markCache.clear();
    markCache.set(key, verdict);
  }
  return verdict;
}

const markCache = new Map<string, boolean>();

function marksAreBoilerplate(marks: string, inMain: boolean): boolean {
  if (COOKIE.test(marks)) return true;
  for (const token of marks.split(/\s+/)) {
    if (!token || (inMain && token === 'header')) continue;
    if (BOILERPLATE_TOKEN.test(token)) return true;
  }
  return false;
}

function isMainMarker(name: string, attrs: Record<string, string>): boolean {
  if (name === 'main' || name === 'article') return true;
  if (attrs.role?.toLowerCase() === 'main') return true;
  return !!attrs.id && MAIN_IDS.has(attrs.id.toLowerCase());
}

/** Collects lines; `#` headings, `- ` list items, pre blocks kept verbatim. */
class TextBuilder {
  lines: string[] = [];
  private line = '';
  /** The next non-empty line starts a list item. */
  private item = false;
  markItem(): void {
    this.flush();
    this.item = true;
  }
  add(text: string): void {
    // Whitespace between block tags is most of the text events and never reaches a line.
    if (this.line === '' && BLANK.test(text)) return;
    this.line += text;
  }
  addRaw(text: string): void {
    this.flush();
    const lines = text.trimEnd().split('\n');
    let first = 0;
    while (first < lines.length && (lines[first] as string).trim() === '') first++;
    for (let i = first; i < lines.length; i++) this.lines.push((lines[i] as string).trimEnd());
  }
  flush(prefix = ''): void {
    if (!this.line) return;
    const t = this.line.replace(/\s+/g, ' ').trim();
    this.line = '';
    if (!t) return;
    this.lines.push((prefix || (this.item ? '- ' : '')) + t);
    this.item = false;
  }
  get pending(): boolean {
    return this.line.trim() !== '';
  }
  toString(): string {
    const text = this.lines.join('\n');
    if (!HAS_INVISIBLE.test(text)) return text.trim();
    return text
      .replace(INVISIBLE, '')
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l.trim() && !/^#+\s*$/.test(l) && !/^- *$/.test(l))
      .join('\n')
      .trim();
  }
}

/** Below this, a page whose class heuristics removed (nearly) everything is read again without them. */
const TOO_LITTLE_TEXT = 100;

export function extractHtml(html: string, pageUrl: string): ExtractedHtml {
  const strict = extractWith(html, pageUrl, true);
  if (strict.text.length >= TOO_LITTLE_TEXT) return strict;
  // A content wrapper named like boilerplate ("page-with-sidebar") must not empty the page.
  const loose = extractWith(html, pageUrl, false);
  return loose.text.length > strict.text.length ? loose : strict;
}

function extractWith(html: string, pageUrl: string, byClass: boolean): ExtractedHtml {
  let base = safeUrl(pageUrl);
  const stack: Frame[] = [];
  let skipDepth = 0;
  let mainDepth = 0;
  let sawMain = false;
  const all = new TextBuilder();
  const main = new TextBuilder();
  let title = '';
  let inTitle = false;
  let canonical: string | undefined;
  let noindex = false;
  let nofollow = false;
  const links = new Set<string>();
  const images = new Set<string>();
  let heading = 0;
  let pre = 0;
  let preText = '';
  let cellIndex = 0;

  const out = (fn: (b: TextBuilder) => void) => {
    fn(all);
    if (mainDepth > 0) fn(main);
  };
  const resolve = (href: string | undefined): string | undefined => {
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
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        switch (name) {
          case 'title':
            inTitle = !title && (skipDepth === 0 || stack.some((f) => f.name === 'head'));
            break;
          case 'base':
            if (attrs.href) base = safeUrl(attrs.href, pageUrl) ?? base;
            break;
          case 'link':
            if (/(^|\s)canonical(\s|$)/i.test(attrs.rel ?? '')) canonical ??= resolve(attrs.href);
            break;
          case 'meta':
            if (/^(robots|docentbot)$/i.test(attrs.name ?? '')) {
              const c = (attrs.content ?? '').toLowerCase();
              noindex ||= /noindex|none/.test(c);
              nofollow ||= /nofollow|none/.test(c);
            }
            break;
          case 'a':
            if (!/(^|\s)nofollow(\s|$)/i.test(attrs.rel ?? '')) {
              const u = resolve(attrs.href);
              if (u) links.add(u);
            }
            break;
          case 'img': {
            const u = resolve(attrs.src ?? attrs['data-src']);
            if (u && skipDepth === 0) images.add(u);
            break;
          }
        }
        const inMain = mainDepth > 0;
        const skip = skipDepth > 0 || isBoilerplate(name, attrs, inMain, byClass);
        const isMain = !skip && isMainMarker(name, attrs);
        stack.push({ name, skip, main: isMain });
        if (skip) {
          skipDepth++;
          return;
        }
        if (isMain) {
          if (mainDepth === 0 && main.pending) main.flush();
          mainDepth++;
          sawMain = true;
        }
        if (name in HEADINGS) {
          out((b) => b.flush());
          heading = HEADINGS[name] ?? 0;
        } else if (name === 'pre') {
          out((b) => b.flush());
          pre++;
        } else if (name === 'li') {
          out((b) => b.markItem());
        } else if (name === 'tr') {
          out((b) => b.flush());
          cellIndex = 0;
        } else if (name === 'td' || name === 'th') {
          if (cellIndex++ > 0) out((b) => b.add(' | '));
        } else if (BLOCK_TAGS.has(name)) {
          out((b) => b.flush());
        }
      },
      ontext(text) {
        if (inTitle) {
          title += text;
          return;
        }
        if (skipDepth > 0) return;
        if (pre > 0) preText += text;
        else out((b) => b.add(text));
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        const frame = stack.pop();
        if (!frame) return;
        if (frame.skip) {
          skipDepth--;
          return;
        }
        if (name in HEADINGS) {
          out((b) => b.flush(`${'#'.repeat(heading || 1)} `));
          heading = 0;
        } else if (name === 'pre') {
          pre--;
          if (pre === 0) {
            const text = preText;
            preText = '';
            out((b) => b.addRaw(text));
          }
        } else if (BLOCK_TAGS.has(name)) {
          out((b) => b.flush());
        }
        if (frame.main) mainDepth--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  all.flush();
  main.flush();

  const allText = all.toString();
  const mainText = main.toString();
  const useMain = sawMain && mainText.length >= Math.min(200, allText.length * 0.2);
  const text = useMain ? mainText : allText;
  const cleanTitle = title.replace(/\s+/g, ' ').trim() || firstHeading(text);
  return {
    title: cleanTitle,
    text,
    canonical,
    links: [...links],
    images: [...images],
    noindex,
    nofollow,
  };
}

function firstHeading(text: string): string {
  const m = /^#+ (.+)$/m.exec(text);
  return m?.[1]?.trim() ?? '';
}

function safeUrl(href: string, relativeTo?: string): string | undefined {
  try {
    return new URL(href, relativeTo).href;
  } catch {
    return undefined;
  }
}

/** Decodes HTML bytes using the header charset, else a <meta> charset in the first 2 KB. */
export function decodeHtml(body: Buffer, contentType: string): string {
  let charset = /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (!charset) {
    const head = body.subarray(0, 2048).toString('latin1');
    charset = /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(charset?.toLowerCase() ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
