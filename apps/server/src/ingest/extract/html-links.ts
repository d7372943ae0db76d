import type { Frame } from './html-frames.ts';

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
