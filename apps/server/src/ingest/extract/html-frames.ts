import { type Cell, definitionItem, hoursLine } from './html-blocks.ts';
import { LINE_BREAK } from './html-inline.ts';
import { isNavigation, type LinkShare, noLinks } from './html-navigation.ts';
import type { Section } from './html-outline.ts';
import { type Spanning, tableBlocks } from './html-table-rows.ts';

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
  /**
   * `own`: the heading's id or an anchor inside it; `section`: the enclosing section's id;
   * `disclosure`: a `<summary>`, heading what its `<details>` discloses (an FAQ's question);
   * `titled`: it holds a heading element (a shop's "Materials" accordion), a title as it is;
   * `emphasis`: a paragraph, heading what follows when it reads as a bold title
   * (html-emphasis.ts), `plain` once text outside bold was seen in it.
   */
  | (Base & {
      kind: 'heading';
      level: number;
      own?: string;
      section?: string;
      disclosure?: true;
      titled?: true;
      emphasis?: true;
      plain?: true;
    })
  | (Base & { kind: 'pre' })
  /**
   * `nested`: a list inside; `layout`: its items hold headings, so it lays out sections
   * (`openLayout`) and its items' blocks are the text's own.
   */
  | (Base & { kind: 'list'; items: string[]; share: LinkShare; nested: boolean; layout: boolean })
  | (Base & { kind: 'item'; layout: boolean })
  /**
   * `sections`: its terms carry ids (`<dt id>`, an API reference's entries, a manual's settings),
   * so each entry is rendered as a subsection: the term a heading, its description the text;
   * `termEnd`: its block count just after the last entry's heading, to tell a term following it
   * directly, a further name of the same entry (`names`, waiting for its description).
   */
  | (Base & {
      kind: 'dl';
      terms: string[];
      items: string[];
      sections: boolean;
      termEnd: number;
      names: string[];
      share: LinkShare;
    })
  | (Base & { kind: 'term' })
  | (Base & { kind: 'desc' })
  | (Base & {
      kind: 'table';
      header: string[] | null;
      rows: string[];
      row: Cell[];
      /** Cells of rows above spanning down into the rows to come (`rowspan`). */
      spanning: Spanning;
      /** Characters of its own cells, and of those its spanning cells repeated. */
      chars: { own: number; carried: number };
      share: LinkShare;
    })
  | (Base & { kind: 'cell'; th: boolean; rows: number })
  /**
   * `note`: marked as a footnote reference (class or role); `superscript`: wraps a `<sup>`. Either
   * way a same-page link reading "1" or "[a]" is a footnote mark, not a word of the sentence.
   */
  | (Base & { kind: 'link'; href: string; note: boolean; superscript: boolean })
  /**
   * `panel`: a tab's panel, its first block its tab's label (html-tabs.ts); `around`: the section
   * it stands in, named again after it when it holds headings (html-outline.ts Outline.resume).
   */
  | (Base & { kind: 'callout'; panel?: boolean; around?: Section | undefined });

export type FrameOf<K extends Frame['kind']> = Extract<Frame, { kind: K }>;

/** A frame as opened: its depth and (empty) content are filled in when it is pushed. */
export type NewFrame = OmitEach<Frame, 'depth' | 'blocks' | 'inline'>;
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The frame of what may turn out to head the text after it, a level below the page's last
 * heading (html-structure.ts): a `<summary>` (`disclosure`), which heads what its `<details>`
 * discloses when it asks a question (an FAQ's), or a paragraph (`emphasis`), when it reads as a
 * bold title; else either is a line of text.
 */
export const subheadingFrame = (
  as: 'disclosure' | 'emphasis',
  after: number,
  own?: string,
  section?: string,
): NewFrame => ({
  kind: 'heading',
  level: Math.min(6, after + 1),
  own,
  section,
  ...(as === 'disclosure' ? { disclosure: true } : { emphasis: true }),
});

/** Structures a heading may stand in: the page, a callout, entry sections, a layout list. */
const holdsHeadings = (f: Frame) =>
  f.kind === 'root' ||
  f.kind === 'callout' ||
  (f.kind === 'dl' && f.sections) ||
  ((f.kind === 'list' || f.kind === 'item') && f.layout);

/** The innermost open structure of a kind, below the root. */
export function nearestFrame<K extends Frame['kind']>(
  stack: Frame[],
  kind: K,
): FrameOf<K> | undefined {
  for (let i = stack.length - 1; i > 0; i--) {
    const f = stack[i] as Frame;
    if (f.kind === kind) return f as FrameOf<K>;
  }
  return undefined;
}

/**
 * What a `<br>` writes: a newline in code (Docusaurus ends each highlighted line with one); a
 * line of its own in running text (a help desk's facts, one a line); a space in a table's cell,
 * a definition's term or a heading, each read as one line (PostgreSQL's option terms
 * "-D tablespace<br>--tablespace=tablespace").
 */
export function lineBreakIn(stack: Frame[]): string {
  if (stack.at(-1)?.kind === 'pre') return '\n';
  const heading = nearestFrame(stack, 'heading');
  const oneLine = nearestFrame(stack, 'cell') || nearestFrame(stack, 'term');
  return oneLine || (heading && !heading.emphasis) ? ' ' : LINE_BREAK;
}

/** Whether a heading may stand inside these structures. */
export function headingsAllowed(frames: Frame[]): boolean {
  return frames.every(holdsHeadings);
}

/**
 * A heading opens inside list items: the lists lay out sections (Javadoc's member details, a
 * page's feature cards, an FAQ written as a list of questions), they are not lists of short
 * items. Their items so far stay a list; from here on their items' blocks are the text's own,
 * and headings stand in them. Not where anything but lists stands between the heading and
 * where a heading may stand (a table's cell, a definition, a link).
 */
export function openLayout(frames: Frame[]): void {
  // A callout's own heading is its title (joinCallout): the lists around the callout stay lists.
  const inner = frames.slice(frames.findLastIndex((f) => f.kind === 'callout') + 1);
  const lists = inner.filter((f) => !holdsHeadings(f));
  if (!lists.every((f) => f.kind === 'list' || f.kind === 'item')) return;
  for (const f of lists) {
    if (f.kind === 'list' && f.items.length > 0) f.blocks.push(f.items.join('\n'));
    if (f.kind === 'list') f.items = [];
    if (f.kind === 'list' || f.kind === 'item') f.layout = true;
  }
}

/** A list as it opens, before any item (the structure adds where it stands). */
export const newList = (): Omit<FrameOf<'list'>, keyof Base> => ({
  kind: 'list',
  items: [],
  share: noLinks(),
  nested: false,
  layout: false,
});

/** An item as it opens in its list (none elsewhere: a stray `<li>` is text), laid out as it is. */
export const newItem = (list: Frame): Omit<FrameOf<'item'>, keyof Base> | undefined =>
  list.kind === 'list' ? { kind: 'item', layout: list.layout } : undefined;

/** A definition list as it opens: entry sections or not is decided by its first term. */
export const newDefinitionList = (): Omit<FrameOf<'dl'>, keyof Base> => ({
  kind: 'dl',
  terms: [],
  items: [],
  sections: false,
  termEnd: -1,
  names: [],
  share: noLinks(),
});

export const newTable = (): Omit<FrameOf<'table'>, keyof Base> => ({
  kind: 'table',
  header: null,
  rows: [],
  row: [],
  spanning: new Map(),
  chars: { own: 0, carried: 0 },
  share: noLinks(),
});

/** A list item closed: its first line marked as an item, added to its list. */
export function addItem(list: Frame, blocks: string[]): void {
  const [first, ...rest] = blocks.join('\n').split('\n');
  if (list.kind !== 'list' || !first) return;
  list.items.push([`- ${first}`, ...rest].join('\n'));
}

/** A description closed: with the terms before it, one definition of its list. */
export function addDefinition(dl: Frame, body: string): void {
  if (dl.kind !== 'dl') return;
  dl.items.push(definitionItem(dl.terms, body));
  dl.terms = [];
}

/**
 * The blocks a closed list, table or definition list adds to the text: none for navigation; a
 * list's items, a table's rows (its header alone when it has no other), each definition, or an
 * entry-section list's own blocks (its entries' headings and texts, flushed by the caller).
 */
export function renderedBlocks(frame: FrameOf<'list' | 'table' | 'dl'>): string[] {
  if (isNavigation(frame)) return [];
  switch (frame.kind) {
    case 'list':
      return frame.layout ? frame.blocks : [frame.items.join('\n')];
    case 'table':
      return tableBlocks(frame);
    case 'dl':
      if (frame.sections) return [...frame.blocks, endNames(frame).join(', ')];
      return frame.terms.length > 0 ? [...frame.items, frame.terms.join(', ')] : frame.items;
  }
}

/**
 * A block added to a structure's text. An entry section's further names, one line, come before
 * its description's first block ("Function: double lgammafn (double x), Function: double
 * digamma (double x)"): a question naming any of them finds the text they share.
 */
export function addBlock(frame: Frame, block: string): void {
  const names = frame.kind === 'dl' ? endNames(frame) : [];
  if (names.length > 0) frame.blocks.push(names.join(', '));
  const last = frame.blocks.length - 1;
  const line = names.length === 0 ? hoursLine(frame.blocks[last], block) : undefined;
  if (line) frame.blocks[last] = line;
  else frame.blocks.push(block);
}

/** An entry section's further names still waiting for a description, taken from it. */
export function endNames(dl: FrameOf<'dl'>): string[] {
  const names = dl.names;
  dl.names = [];
  return names;
}

/**
 * Structures open at once, at most: real pages nest lists, tables and definitions a dozen deep;
 * one nesting thousands (hostile or broken) would cost time quadratic in its depth, each level
 * rebuilding the text inside it. Deeper elements are read as plain text of the innermost.
 */
const MAX_FRAMES = 48;

/** Whether another structure may open: below MAX_FRAMES, or an entry of the innermost list. */
export const roomFor = (stack: readonly Frame[]): boolean =>
  stack.length < MAX_FRAMES || 'share' in (stack.at(-1) as Frame);

/**
 * In code, a block element opening ends the line before it (Expressive Code writes each line of
 * a listing as a `<div>` in the `<pre>`). Whether the frame is code.
 */
export function endsCodeLine(frame: Frame): boolean {
  if (frame.kind !== 'pre') return false;
  if (frame.inline && !frame.inline.endsWith('\n')) frame.inline += '\n';
  return true;
}
