import type { Frame } from './html-frames.ts';
import { fragmentOf, resolveLink } from './html-urls.ts';

/**
 * A link to another page and the words around it: how the site's other pages describe that
 * page ("to keep the password in memory for a while, use the cache helper"), often in other
 * words than the page's own (search/link-index.ts).
 */
export interface LinkContext {
  /** The link's href as written (resolved by the caller). */
  href: string;
  text: string;
}

/** Characters of context kept on each side of a link's text (a sentence or so). */
const CONTEXT_CHARS = 200;

/**
 * Collects a page's links to other pages with their context while html-structure.ts builds the
 * text: an inline link waits on the structure whose text it joined until that text becomes a
 * block, then takes the words around it; a link wrapping blocks (a card) is described by them.
 */
export class LinkCollector {
  readonly links: LinkContext[] = [];

  constructor(private readonly collapse: (text: string) => string) {}

  /** A link closed: `into` is the structure its text joins, `blocks` what it wrapped. */
  add(into: Frame, href: string, blocks: string[]): void {
    if (!href || href.startsWith('#')) return;
    if (blocks.length > 0) {
      this.links.push({ href, text: this.collapse(blocks.join(' ')) });
      return;
    }
    if (!into.links) into.links = [];
    into.links.push({ href, at: into.inline.length });
  }

  /** The structure's inline text is about to become a block: its links take their context. */
  flush(frame: Frame): void {
    if (!frame.links) return;
    for (const link of frame.links) {
      const text = this.around(frame.inline, link.at);
      if (text) this.links.push({ href: link.href, text });
    }
    frame.links = undefined;
  }

  /** The words around a position in raw inline text; partial words at the cut ends dropped. */
  private around(inline: string, at: number): string {
    const start = Math.max(0, at - CONTEXT_CHARS);
    const end = Math.min(inline.length, at + 2 * CONTEXT_CHARS);
    let text = inline.slice(start, end);
    if (start > 0) text = text.replace(/^\S*\s/, '');
    if (end < inline.length) text = text.replace(/\s\S*$/, '');
    return this.collapse(text).replace(/\n/g, ' ');
  }
}

/** A link of a page's main text to another page (absolute, fragment-less) and the words around it. */
export interface PageLink {
  url: string;
  /** The section of that page it points to (the fragment), when it names one. */
  anchor?: string;
  text: string;
}

/**
 * A page's links to other pages, each with the same words once, up to this many characters in
 * all: a list of every page of the site with a line about each (~15,000 on the Git manual's
 * command list) is kept whole, a long page of long paragraphs full of links is not.
 */
const MAX_LINK_CONTEXT_CHARS = 40_000;

/** The links collected on a page as the crawler keeps them: resolved, without the page itself. */
export function resolveContexts(
  links: LinkContext[],
  base: string | undefined,
  pageUrl: string,
): PageLink[] {
  const self = resolveLink(pageUrl, pageUrl);
  const seen = new Set<string>();
  const out: PageLink[] = [];
  let chars = 0;
  for (const link of links) {
    const url = resolveLink(link.href, base);
    const anchor = fragmentOf(link.href);
    const key = `${url}#${anchor}\n${link.text}`;
    if (!url || url === self || seen.has(key)) continue;
    chars += link.text.length;
    if (chars > MAX_LINK_CONTEXT_CHARS) break;
    seen.add(key);
    out.push(anchor ? { url, anchor, text: link.text } : { url, text: link.text });
  }
  return out;
}
