import { Parser } from 'htmlparser2';
import {
  isArticleMarker,
  isBoilerplate,
  isHidden,
  isMainMarker,
  isSiteFooter,
  notePanels,
  type Place,
  type Region,
  togglesUnnamedPanel,
} from './html-boilerplate.ts';
import { type PageLink, resolveContexts } from './html-links.ts';
import { ResponsiveVariants } from './html-responsive.ts';
import { StructuredText } from './html-structure.ts';
import { TabLabels } from './html-tabs.ts';
import { holdsCode, structuralTag, TABLE_PARTS } from './html-tags.ts';
import { resolveLink, safeUrl } from './html-urls.ts';

export type { PageLink } from './html-links.ts';

/**
 * One streaming pass over a page (htmlparser2, no DOM): main text as structured light Markdown
 * (html-structure.ts: headings with their anchors, definitions, table rows with their headers,
 * code), title, canonical URL, links and images for the crawler. Boilerplate is dropped
 * (html-boilerplate.ts); when the page marks its main region (<main>, <article>, role=main,
 * #content) only that region is kept. Cheap on purpose: a crawl parses every page exactly once.
 */
export interface ExtractedHtml {
  title: string;
  /** Main text; its length is the page's character count. */
  text: string;
  canonical?: string;
  /** Absolute http(s) links, fragment-less, in document order, deduplicated. */
  links: string[];
  linkContexts: PageLink[];
  images: string[];
  noindex: boolean;
  nofollow: boolean;
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

/** Page metadata gathered in the same pass as the text. */
interface PageMeta {
  base: string | undefined;
  title: string;
  canonical?: string;
  noindex: boolean;
  nofollow: boolean;
  links: Set<string>;
  images: Set<string>;
}

/** What a tag says about the page itself (base, canonical, robots, links, images). */
function readMeta(
  meta: PageMeta,
  name: string,
  attrs: Record<string, string>,
  pageUrl: string,
  skipped: boolean,
): void {
  switch (name) {
    case 'base':
      if (attrs.href) meta.base = safeUrl(attrs.href, pageUrl) ?? meta.base;
      return;
    case 'link':
      if (/(^|\s)canonical(\s|$)/i.test(attrs.rel ?? '')) {
        meta.canonical ??= resolveLink(attrs.href, meta.base);
      }
      return;
    case 'meta':
      if (/^(robots|docentbot)$/i.test(attrs.name ?? '')) {
        const c = (attrs.content ?? '').toLowerCase();
        meta.noindex ||= /noindex|none/.test(c);
        meta.nofollow ||= /nofollow|none/.test(c);
      }
      return;
    case 'a':
      if (!/(^|\s)nofollow(\s|$)/i.test(attrs.rel ?? '')) {
        const u = resolveLink(attrs.href, meta.base);
        if (u) meta.links.add(u);
      }
      return;
    case 'img': {
      const u = resolveLink(attrs.src ?? attrs['data-src'], meta.base);
      if (u && !skipped) meta.images.add(u);
    }
  }
}

interface Frame {
  name: string;
  /** It holds a toggle naming no panel: what is hidden near it after that is the toggle's panel. */
  toggles?: boolean;
  skip: boolean;
  main: boolean;
  /** `<main>`, `<article>` or the main landmark (a region by markup, not by a wrapper's id). */
  article: boolean;
  /** The home page's footer, kept as main text. */
  footer: boolean;
  code: boolean;
  /** A child of it was hidden from assistive technology (`aria-hidden`): Place.spokenAlike. */
  hidFromReaders?: boolean;
}

/**
 * How near a toggle naming no panel (Notion's `<div role="button" aria-expanded="false">`) its
 * hidden panel is: both within a few wrappers of the block holding them (Notion: the button's
 * box, the toggle's row, the block; its children in the row's text column or after the row).
 */
const TOGGLE_REACH = 3;

/**
 * What an opening element tells the elements around it: that something of the parent was hidden
 * from screen readers (Frame.hidFromReaders), and, when it is read, a toggle's reach: a toggle
 * naming no panel opens the first element hidden near it, and only that one.
 */
function noteAround(stack: Frame[], name: string, attrs: Record<string, string>, read: boolean) {
  const parent = stack.at(-1);
  if (parent && attrs['aria-hidden'] === 'true') parent.hidFromReaders = true;
  if (!read) return;
  if (isHidden(attrs)) for (const f of stack) f.toggles = false;
  if (togglesUnnamedPanel(name, attrs))
    for (const f of stack.slice(-TOGGLE_REACH)) f.toggles = true;
}

/** How many open elements of each kind the parser is inside. */
type Depths = Record<'footer' | 'skip' | 'main' | 'article' | 'code', number>;

/** Where the next element opens, from the elements open around it. */
function placeOf(
  depth: Depths,
  byClass: boolean,
  controlled: ReadonlySet<string>,
  around: Frame[],
  variants: ResponsiveVariants,
): Place {
  const region: Region = depth.article > 0 ? 'article' : depth.main > 0 ? 'main' : 'page';
  // The home page's footer is read whole: its class marks do not count.
  return {
    region,
    inCode: depth.code > 0,
    byClass: byClass && depth.footer === 0,
    controlled,
    // What a <details> discloses; what a toggle naming no panel hides near it.
    disclosed:
      around.at(-1)?.name === 'details' || around.slice(-TOGGLE_REACH).some((f) => f.toggles),
    spokenAlike: around.at(-1)?.hidFromReaders === true,
    variants,
  };
}

const newMeta = (pageUrl: string): PageMeta => ({
  base: safeUrl(pageUrl),
  title: '',
  noindex: false,
  nofollow: false,
  links: new Set(),
  images: new Set(),
});

function extractWith(html: string, pageUrl: string, byClass: boolean): ExtractedHtml {
  const meta = newMeta(pageUrl);
  const stack: Frame[] = [];
  const controlled = new Set<string>();
  const tabs = new TabLabels();
  const variants = new ResponsiveVariants();
  // The site's address, hours and contacts live in its footer: read once, on the home page.
  const home = isHomePage(pageUrl);
  const depth: Depths = { footer: 0, skip: 0, main: 0, article: 0, code: 0 };
  let sawMain = false;
  let inTitle = false;
  const all = new StructuredText();
  const main = new StructuredText();
  const out = (fn: (b: StructuredText) => void) => {
    fn(all);
    if (depth.main > 0) fn(main);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') {
          inTitle = !meta.title && (depth.skip === 0 || stack.some((f) => f.name === 'head'));
        }
        readMeta(meta, name, attrs, pageUrl, depth.skip > 0);
        const footer = home && depth.skip === 0 && isSiteFooter(name, attrs, depth.footer > 0);
        const place = placeOf(depth, byClass, controlled, stack, variants);
        // A tab's label is read apart, for its panel (html-tabs.ts).
        const tab = depth.skip === 0 && tabs.opens(name, attrs, stack.length + 1);
        const skip = tab || (!footer && (depth.skip > 0 || isBoilerplate(name, attrs, place)));
        if (!skip) notePanels(name, attrs, controlled);
        noteAround(stack, name, attrs, !skip);
        const isMain = !skip && (footer || isMainMarker(name, attrs));
        const article = isMain && !footer && isArticleMarker(name, attrs);
        const code = holdsCode(name, attrs);
        // Read by the part it plays: a `<div role="row">` as a table's row.
        const inPart = stack.findLast((f) => TABLE_PARTS.has(f.name))?.name ?? '';
        const tag = structuralTag(name, attrs, inPart);
        stack.push({ name: tag, skip, main: isMain, article, footer, code });
        if (article) depth.article++;
        if (code) depth.code++;
        if (footer) depth.footer++;
        if (skip) {
          depth.skip++;
          return;
        }
        if (isMain) {
          depth.main++;
          sawMain ||= !footer;
        }
        const title = tabs.panelTitle(name, attrs, stack.length);
        out((b) => b.open(tag, attrs, title));
      },
      ontext(text) {
        if (inTitle) meta.title += text;
        else if (stack.at(-1)?.name === 'style') variants.styleText(text);
        else if (depth.skip === 0) out((b) => b.text(text));
        else tabs.text(text);
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        tabs.leave(stack.length);
        const frame = stack.pop();
        if (!frame) return;
        if (frame.footer) depth.footer--;
        if (frame.code) depth.code--;
        if (frame.skip) {
          depth.skip--;
          return;
        }
        out((b) => b.close(frame.name));
        if (frame.main) depth.main--;
        if (frame.article) depth.article--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return pageOf(meta, sawMain ? main : null, all, pageUrl);
}

/** The page as extracted: its main region's text when it has one worth reading, else all. */
function pageOf(
  meta: PageMeta,
  main: StructuredText | null,
  all: StructuredText,
  pageUrl: string,
): ExtractedHtml {
  const allText = all.toString();
  const mainText = main?.toString() ?? '';
  const useMain = !!main && mainText.length >= Math.min(200, allText.length * 0.2);
  const text = useMain ? mainText : allText;
  return {
    linkContexts: resolveContexts((useMain ? main : all).linked.links, meta.base, pageUrl),
    title: meta.title.replace(/\s+/g, ' ').trim() || firstHeading(text),
    text,
    canonical: meta.canonical,
    links: [...meta.links],
    images: [...meta.images],
    noindex: meta.noindex,
    nofollow: meta.nofollow,
  };
}

/** The site's root page (`/`, `/index.html`): where a crawl starts and a site says who it is. */
function isHomePage(pageUrl: string): boolean {
  const path = safeUrl(pageUrl) ? new URL(pageUrl).pathname : '';
  return /^\/(?:index\.html?)?$/i.test(path);
}

function firstHeading(text: string): string {
  const m = /^#+ (.+?)(?: \{#[^\s{}]+\})?$/m.exec(text);
  return m?.[1]?.trim() ?? '';
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
