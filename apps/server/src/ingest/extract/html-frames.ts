/**
 * The open structures of a page while its text is built (html-structure.ts): each collects the
 * blocks and inline text inside it, and renders them when its element closes.
 */
interface Base {
  /** Element depth at which the structure opened: it ends when that element closes. */
  depth: number;
  /** Finished blocks inside the structure, in order. */
  blocks: string[];
  /** Inline text not yet made a block. */
  inline: string;
  /** Links to other pages in `inline`, with where their text starts in it. */
  links?: PendingLink[] | undefined;
}

export interface PendingLink {
  href: string;
  at: number;
}

export type Frame =
  | (Base & { kind: 'root' })
  /** `own`: the heading's id or an anchor inside it; `section`: the enclosing section's id. */
  | (Base & { kind: 'heading'; level: number; own?: string; section?: string })
  | (Base & { kind: 'pre' })
  /**
   * `chars`: text of its items; of that, `fragmentChars` links to this page's anchors,
   * `localChars` to this page or others of its site (relative links); `nested`: a list inside.
   */
  | (Base & {
      kind: 'list';
      items: string[];
      chars: number;
      fragmentChars: number;
      localChars: number;
      nested: boolean;
    })
  | (Base & { kind: 'item' })
  /**
   * `sections`: its terms carry ids (`<dt id>`, an API reference's entries, a manual's settings),
   * so each entry is rendered as a subsection: the term a heading, its description the text.
   */
  | (Base & { kind: 'dl'; terms: string[]; items: string[]; sections: boolean })
  | (Base & { kind: 'term' })
  | (Base & { kind: 'desc' })
  | (Base & { kind: 'table'; header: string[] | null; rows: string[]; row: Cell[] })
  | (Base & { kind: 'cell'; th: boolean })
  | (Base & { kind: 'link'; href: string })
  | (Base & { kind: 'callout' });

export type FrameOf<K extends Frame['kind']> = Extract<Frame, { kind: K }>;

/** Whether a heading may stand inside these structures (the page, a callout, entry sections). */
export function headingsAllowed(frames: Frame[]): boolean {
  return frames.every(
    (f) => f.kind === 'root' || f.kind === 'callout' || (f.kind === 'dl' && f.sections),
  );
}

export interface Cell {
  text: string;
  th: boolean;
}

/** A list as it opens, before any item (the structure adds where it stands). */
export const newList = (): Omit<FrameOf<'list'>, keyof Base> => ({
  kind: 'list',
  items: [],
  chars: 0,
  fragmentChars: 0,
  localChars: 0,
  nested: false,
});

/** A link's text counted in a list it is in: to this page's anchors, to the site's pages. */
export function countLink(list: FrameOf<'list'>, href: string, chars: number): void {
  const fragment = href.startsWith('#');
  if (fragment) list.fragmentChars += chars;
  if (fragment || !/^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href)) list.localChars += chars;
}

/**
 * A table of contents: a list of at least this many items, nearly all of it link text, either
 * to the page's own anchors, or nested (chapters and their sections) with links to the site's
 * pages (relative links): a manual's contents on its index page, Sphinx's toctree and general
 * index. Their lines repeat the titles of what they link to, so they would match nearly any
 * question and be cited for it. A flat list of links to other pages is kept: often content
 * ("examples of writable streams: HTTP requests, fs write streams, …").
 */
const TOC_MIN_ITEMS = 3;
const TOC_LINK_SHARE = 0.8;

export function isTableOfContents(list: FrameOf<'list'>): boolean {
  const mostly = (chars: number) => chars >= TOC_LINK_SHARE * list.chars;
  return (
    list.items.length >= TOC_MIN_ITEMS &&
    list.chars > 0 &&
    (mostly(list.fragmentChars) || (list.nested && mostly(list.localChars)))
  );
}

/** A label cell short enough to read as "label: value". */
const LABEL_MAX = 40;

/**
 * One table row as a line: each cell with its column's header ("Name: a | Value: 1"); without
 * a header, a two-cell row with a short first cell reads as "label: value", others as cells
 * separated by bars.
 */
export function formatRow(row: Cell[], header: string[] | null): string {
  if (header && header.length === row.length) {
    return row
      .map((c, i) => (!c.text ? '' : header[i] ? `${header[i]}: ${c.text}` : c.text))
      .filter(Boolean)
      .join(' | ');
  }
  const cells = row.map((c) => c.text).filter(Boolean);
  const [label, value] = cells;
  if (cells.length === 2 && label && value && label.length <= LABEL_MAX)
    return `${label}: ${value}`;
  return cells.join(' | ');
}

/** An admonition's title ("Note", "Warning") joins its first paragraph: "Note: …". */
export function joinCallout(blocks: string[]): string {
  const [title, first, ...rest] = blocks;
  if (title && first && title.length <= LABEL_MAX && !/[.:!?]$/.test(title)) {
    return [`${title}: ${first}`, ...rest].join('\n');
  }
  return blocks.join('\n');
}

/**
 * A definition as one block: its terms, then its description (`-a, --all: Stage …`); a term
 * written with its own colon ("Parameters:") is not given a second one. A colon standing as a
 * word, or ending a term with colons inside, is part of it (`git push origin :` pushes the
 * matching branches; `hasconfig:remote.*.url:` is a keyword).
 */
export function definitionItem(terms: string[], body: string): string {
  const joined = terms.join(', ');
  const term = /^[^:]*\S:$/.test(joined) ? joined.slice(0, -1) : joined;
  if (!term) return body;
  if (!body) return term;
  return body.startsWith('```') ? `${term}:\n${body}` : `${term}: ${body}`;
}
