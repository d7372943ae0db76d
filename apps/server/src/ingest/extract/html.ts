import { Parser } from 'htmlparser2';
import {
  isArticleMarker,
  isBoilerplate,
  isMainMarker,
  isSiteFooter,
  notePanels,
} from './html-boilerplate.ts';
import { type PageLink, resolveContexts } from './html-links.ts';
import {
  countFrame,
  type Depths,
  type Frame,
  labelsCodeLanguage,
  MainMarks,
  noteAround,
  noteLostMain,
  placeOf,
} from './html-place.ts';
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
  let strict = extractWith(html, pageUrl, true);
  // The page's `<main>` inside wrappers dropped for their class names: read again, keeping them.
  if (strict.lostMain.size > 0) strict = extractWith(html, pageUrl, true, strict.lostMain);
  if (strict.page.text.length >= TOO_LITTLE_TEXT) return strict.page;
  // A content wrapper named like boilerplate ("page-with-sidebar") must not empty the page.
  const loose = extractWith(html, pageUrl, false).page;
  return loose.text.length > strict.page.text.length ? loose : strict.page;
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

const newMeta = (pageUrl: string): PageMeta => ({
  base: safeUrl(pageUrl),
  title: '',
  noindex: false,
  nofollow: false,
  links: new Set(),
  images: new Set(),
});

/**
 * One pass. `spared`: elements (by their order of opening) whose class names do not drop them.
 * `lostMain`: the elements that dropped the page's `<main>` (or main landmark) for their class
 * names alone, with nothing else dropping it.
 */
function extractWith(
  html: string,
  pageUrl: string,
  byClass: boolean,
  spared: ReadonlySet<number> = new Set(),
): { page: ExtractedHtml; lostMain: Set<number> } {
  const meta = newMeta(pageUrl);
  const stack: Frame[] = [];
  const controlled = new Set<string>();
  const tabs = new TabLabels();
  const variants = new ResponsiveVariants();
  // The site's address, hours and contacts live in its footer: read once, on the home page.
  const home = isHomePage(pageUrl);
  const depth: Depths = { footer: 0, skip: 0, main: 0, article: 0, code: 0 };
  const mainMarks = new MainMarks();
  let opened = 0;
  const lostMain = new Set<number>();
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
        const index = opened++;
        const place = placeOf(depth, byClass && !spared.has(index), controlled, stack, variants);
        // A tab's label is read apart, for its panel (html-tabs.ts).
        const tab = depth.skip === 0 && tabs.opens(name, attrs, stack.length + 1);
        const skip = tab || (!footer && (depth.skip > 0 || isBoilerplate(name, attrs, place)));
        if (!skip) notePanels(name, attrs, controlled);
        noteAround(stack, name, attrs, !skip);
        const isMain = !skip && (footer || isMainMarker(name, attrs));
        const frame: Frame = {
          name: partTag(stack, name, attrs),
          skip,
          main: isMain,
          article: isMain && !footer && isArticleMarker(name, attrs),
          footer,
          code: holdsCode(name, attrs),
          index,
          opened: { name, attrs, place },
        };
        stack.push(frame);
        if (depth.skip > 0 && isArticleMarker(name, attrs)) noteLostMain(stack, lostMain);
        if (isMain && !footer) mainMarks.note(name, attrs, depth.main === 0);
        countFrame(depth, frame, 1);
        if (skip) return;
        const title = tabs.panelTitle(name, attrs, stack.length);
        out((b) => b.open(frame.name, attrs, title));
      },
      ontext(text) {
        if (inTitle) meta.title += text;
        else if (stack.at(-1)?.name === 'style') variants.styleText(text);
        else if (depth.skip === 0) {
          if (!labelsCodeLanguage(stack, text)) out((b) => b.text(text));
        } else tabs.text(text);
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        tabs.leave(stack.length);
        const frame = stack.pop();
        if (!frame) return;
        if (!frame.skip) out((b) => b.close(frame.name));
        countFrame(depth, frame, -1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { page: pageOf(meta, mainMarks.found ? main : null, all, pageUrl), lostMain };
}

/** A table's row groups: the innermost one a cell is in says whether it is the table's head. */
const ROW_GROUPS: ReadonlySet<string> = new Set(['table', 'thead', 'tbody', 'tfoot']);

/**
 * Read by the part it plays: a `<div role="row">` as a table's row, a cell of the table's head
 * as a header cell though written `<td>` (Help Scout's and other editors' tables).
 */
function partTag(stack: Frame[], name: string, attrs: Record<string, string>): string {
  if (name === 'td' && stack.findLast((f) => ROW_GROUPS.has(f.name))?.name === 'thead') return 'th';
  const inPart = stack.findLast((f) => TABLE_PARTS.has(f.name))?.name ?? '';
  return structuralTag(name, attrs, inPart);
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
