import { shortenAtWord } from '../../lib/shorten.ts';

/** An id a heading line can carry as its anchor. */
const ANCHOR = /^[^\s{}]{1,200}$/;

/**
 * A heading is a title, shown with every passage of its section: an API entry's full signature
 * (a class with a dozen parameters) is cut after its first words.
 */
const MAX_TITLE_CHARS = 160;

/** A heading as a line of the text: `## Title {#anchor}`, with the first usable anchor given. */
export function headingLine(level: number, text: string, anchors: (string | undefined)[]): string {
  const anchor = anchors.find((a) => a && ANCHOR.test(a));
  const title = shortenAtWord(text.replace(/\s+/g, ' '), MAX_TITLE_CHARS);
  return `${'#'.repeat(level)} ${title}${anchor ? ` {#${anchor}}` : ''}`;
}

/** A heading line named again: without its anchor (a link to it lands on its first part). */
const withoutAnchor = (heading: string) => heading.replace(/ \{#[^}]*\}$/, '');

/** A heading written: its line and its level. */
export interface Section {
  line: string;
  level: number;
}

const SECTIONING = new Set(['article', 'section']);

/**
 * Heading levels as the page's sectioning elements (`<article>`, `<section>`) nest them. Inside
 * one, a heading shallower than the element's first heading still belongs to it: Erlang's
 * reference writes each function as an `<article>` headed by an h4 with an h3 "Types" inside,
 * which would otherwise close the function's section and take its description away from it.
 * Headings as deep as the first, or deeper, keep their level (an article of several h2s).
 */
export class Outline {
  private readonly open: { depth: number; first?: number }[] = [];
  /**
   * The last heading written (not a disclosure's or a bold title's): the section the text
   * stands in; a definition list's entry sections go below it.
   */
  section: Section | undefined;

  /** The level of the section the text stands in (1 before any heading). */
  get sectionLevel(): number {
    return this.section?.level ?? 1;
  }

  /** A heading the text is now in. */
  wrote(line: string, level: number): void {
    this.section = { line, level };
  }

  /**
   * After a tab's panel holding headings (Mintlify's plan cards, each titled with an `<h2>`;
   * WooCommerce's tab headings), the section the panel stands in, resumed: its heading line
   * to write again, or ''. Headings have no end in the text, so the page's text after the
   * panel (the next tab's, a closing paragraph) would otherwise belong to the panel's last
   * heading ("Annual billing" under "Scale").
   */
  resume(around: Section | undefined): string {
    this.section = around;
    return around ? withoutAnchor(around.line) : '';
  }

  /** An element opens at this element depth. */
  enter(name: string, depth: number): void {
    if (SECTIONING.has(name)) this.open.push({ depth });
  }

  /** The element at this depth closes. */
  leave(depth: number): void {
    while ((this.open.at(-1)?.depth ?? -1) >= depth) this.open.pop();
  }

  /** The level a heading written with this tag's level stands at. */
  level(written: number): number {
    const section = this.open.at(-1);
    if (!section) return written;
    section.first ??= written;
    return written < section.first ? Math.min(6, section.first + 1) : written;
  }
}
