import {
  type Frame,
  type FrameOf,
  formatRow,
  isTableOfContents,
  joinCallout,
} from './html-frames.ts';
import { LinkCollector } from './html-links.ts';

/**
 * A page's text as light Markdown, built from parser events, keeping what retrieval and answers
 * need from the structure:
 * - blocks (paragraphs, lists, tables, code, each definition) separated by a blank line;
 * - headings as `## Heading {#anchor}` lines, the anchor a link to that section can use;
 * - a definition list's terms and description together: `-a, --all: Tell the command …`;
 * - each table row with its header cells: `Name: a | Value: 1`;
 * - code blocks fenced and verbatim; admonitions as `Note: …`;
 * - a list that is the page's own table of contents (links to its anchors) dropped.
 */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'caption',
  'center',
  'details',
  'div',
  'figcaption',
  'figure',
  'header',
  'hr',
  'main',
  'p',
  'section',
  'summary',
  'body',
  'li',
  'dt',
  'dd',
  'tr',
]);
const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const CALLOUT_CLASS =
  /(?:^|\s)(?:admonition|admonitionblock|callout|alert|note|notice|tip|hint|warning|caution|important|danger|attention)(?:\s|$)/i;
/** Sections whose id a heading at their start links to (`<section id>`, Sphinx's div.section). */
const SECTION_CLASS = /(?:^|\s)sect(?:ion|\d)(?:\s|$)/i;
/** `<br>` inside inline text, turned into a line break once whitespace is collapsed. */
const LINE_BREAK = '\u2028';
/** Icon-font glyphs (private use area) and zero-width characters carry no text. */
const INVISIBLE = /[\uE000-\uF8FF\u200B-\u200D\u2060\uFEFF]/g;
const HAS_INVISIBLE = /[\uE000-\uF8FF\u200B-\u200D\u2060\uFEFF]/;
const BLANK = /^\s*$/;
const ANCHOR = /^[^\s{}]{1,200}$/;

function collapse(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .split(LINE_BREAK)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}

/** A frame as opened: its depth and (empty) content are filled in by push(). */
type NewFrame = OmitEach<Frame, 'depth' | 'blocks' | 'inline'>;
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export class StructuredText {
  private readonly root: Frame = { kind: 'root', depth: 0, blocks: [], inline: '' };
  private readonly stack: Frame[] = [this.root];
  private depth = 0;
  /** Every link to another page met so far, with the words around it. */
  readonly linked = new LinkCollector(collapse);
  /** The id of a section opened with no text since: a heading starting it links there. */
  private sectionId: string | undefined;

  private get top(): Frame {
    return this.stack.at(-1) as Frame;
  }

  open(name: string, attrs: Record<string, string>): void {
    this.depth++;
    const heading = this.nearest('heading');
    if (heading && !heading.own && (attrs.id || attrs.name)) heading.own = attrs.id ?? attrs.name;
    if (attrs.id && (name === 'section' || SECTION_CLASS.test(attrs.class ?? ''))) {
      this.sectionId = attrs.id;
    }
    const frame = this.frameFor(name, attrs);
    if (frame) this.push(frame);
    else if (name === 'br') this.top.inline += LINE_BREAK;
    else if (BLOCK_TAGS.has(name)) this.flush(this.top);
    if (name === 'tr') this.closeRow();
  }

  private frameFor(name: string, attrs: Record<string, string>): NewFrame | undefined {
    const level = HEADINGS[name];
    if (level) return { kind: 'heading', level, own: attrs.id, section: this.sectionId };
    const top = this.top.kind;
    switch (name) {
      case 'pre':
        return { kind: 'pre' };
      case 'ul':
      case 'ol':
        return { kind: 'list', items: [], chars: 0, fragmentChars: 0 };
      case 'li':
        return top === 'list' ? { kind: 'item' } : undefined;
      case 'dl':
        return { kind: 'dl', terms: [], items: [] };
      case 'dt':
        return top === 'dl' ? { kind: 'term' } : undefined;
      case 'dd':
        return top === 'dl' ? { kind: 'desc' } : undefined;
      case 'table':
        return { kind: 'table', header: null, rows: [], row: [] };
      case 'td':
      case 'th':
        return this.nearest('table') ? { kind: 'cell', th: name === 'th' } : undefined;
      case 'a':
        return attrs.href !== undefined ? { kind: 'link', href: attrs.href.trim() } : undefined;
    }
    if (BLOCK_TAGS.has(name) && CALLOUT_CLASS.test(attrs.class ?? '')) return { kind: 'callout' };
    return undefined;
  }

  text(text: string): void {
    const pre = this.nearest('pre');
    if (pre) {
      pre.inline += text;
      return;
    }
    const top = this.top;
    // Whitespace between block tags is most of the text events and never reaches a line.
    if (top.inline === '' && BLANK.test(text)) return;
    if (!this.nearest('heading')) this.sectionId = undefined;
    top.inline += text;
  }

  close(name: string): void {
    while (this.stack.length > 1 && this.top.depth >= this.depth) {
      this.finish(this.stack.pop() as Frame);
    }
    if (name === 'tr') this.closeRow();
    if (BLOCK_TAGS.has(name)) this.flush(this.top);
    this.depth--;
  }

  toString(): string {
    while (this.stack.length > 1) this.finish(this.stack.pop() as Frame);
    this.flush(this.root);
    const text = this.root.blocks.join('\n\n');
    if (!HAS_INVISIBLE.test(text)) return text.trim();
    return text
      .replace(INVISIBLE, '')
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => !/^#+\s*$/.test(l) && !/^- *$/.test(l))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }

  private push(frame: NewFrame): void {
    if (frame.kind !== 'link') this.flush(this.top);
    this.stack.push({ ...frame, depth: this.depth, blocks: [], inline: '' } as Frame);
  }

  private nearest<K extends Frame['kind']>(kind: K): FrameOf<K> | undefined {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const f = this.stack[i] as Frame;
      if (f.kind === kind) return f as FrameOf<K>;
    }
    return undefined;
  }

  /** The frame's pending inline text becomes one of its blocks. */
  private flush(frame: Frame): void {
    if (frame.kind === 'pre') return;
    this.linked.flush(frame);
    const text = collapse(frame.inline);
    frame.inline = '';
    if (text) frame.blocks.push(text);
  }

  private contentOf(frame: Frame): string[] {
    this.flush(frame);
    return frame.blocks;
  }

  private emit(block: string): void {
    if (!block) return;
    this.flush(this.top);
    this.top.blocks.push(block);
  }

  private finish(frame: Frame): void {
    switch (frame.kind) {
      case 'heading':
        this.finishHeading(frame);
        return;
      case 'pre': {
        const code = frame.inline.replace(/^\s*\n/, '').trimEnd();
        if (code.trim()) this.emit(`\`\`\`\n${code}\n\`\`\``);
        return;
      }
      case 'item':
        this.finishItem(this.contentOf(frame));
        return;
      case 'list':
        if (!isTableOfContents(frame)) this.emit(frame.items.join('\n'));
        return;
      case 'term':
        (this.top as FrameOf<'dl'>).terms.push(this.contentOf(frame).join(' '));
        return;
      case 'desc':
        this.finishDescription(this.contentOf(frame).join('\n'));
        return;
      case 'dl':
        if (frame.terms.length > 0) frame.items.push(frame.terms.join(', '));
        for (const item of frame.items) this.emit(item);
        return;
      case 'cell':
        this.nearest('table')?.row.push({ text: this.contentOf(frame).join(' '), th: frame.th });
        return;
      case 'table':
        this.closeRow(frame);
        if (frame.header && frame.rows.length === 0) frame.rows.push(frame.header.join(' | '));
        this.emit(frame.rows.join('\n'));
        return;
      case 'link':
        this.finishLink(frame);
        return;
      case 'callout':
        this.emit(joinCallout(this.contentOf(frame)));
        return;
      case 'root':
        return;
    }
  }

  private finishHeading(frame: FrameOf<'heading'>): void {
    const text = this.contentOf(frame).join(' ').trim();
    if (!text) return;
    if (this.top.kind !== 'root' && this.top.kind !== 'callout') {
      this.emit(text);
      return;
    }
    const anchor = [frame.own, frame.section].find((a) => a && ANCHOR.test(a));
    this.emit(`${'#'.repeat(frame.level)} ${text}${anchor ? ` {#${anchor}}` : ''}`);
    this.sectionId = undefined;
  }

  private finishItem(blocks: string[]): void {
    const list = this.top;
    const [first, ...rest] = blocks.join('\n').split('\n');
    if (list.kind !== 'list' || !first) return;
    const item = [`- ${first}`, ...rest].join('\n');
    list.items.push(item);
    list.chars += item.length - 2;
  }

  private finishDescription(body: string): void {
    const dl = this.top;
    if (dl.kind !== 'dl') return;
    const terms = dl.terms.join(', ');
    dl.terms = [];
    if (!terms) dl.items.push(body);
    else if (!body) dl.items.push(terms);
    else dl.items.push(body.startsWith('```') ? `${terms}:\n${body}` : `${terms}: ${body}`);
  }

  private finishLink(frame: FrameOf<'link'>): void {
    const fragment = frame.href.startsWith('#');
    const heading = this.nearest('heading');
    // A heading's permalink ("#", "¶") names its anchor; its symbol is not part of the title.
    if (heading && fragment && frame.blocks.length === 0 && !/[\p{L}\p{N}]/u.test(frame.inline)) {
      heading.own ??= frame.href.slice(1) || undefined;
      return;
    }
    if (fragment) {
      const chars = collapse(frame.inline).length + frame.blocks.join(' ').length;
      for (const f of this.stack) if (f.kind === 'list') f.fragmentChars += chars;
    }
    for (const block of frame.blocks) this.emit(block);
    this.linked.add(this.top, frame.href, frame.blocks);
    this.top.inline += frame.inline;
  }

  /** A row ends (at the next `<tr>`, `</tr>` or the table's end): rendered with its header. */
  private closeRow(table = this.nearest('table')): void {
    if (!table || table.row.length === 0) return;
    const row = table.row;
    table.row = [];
    if (row.every((c) => c.th) && table.header === null && table.rows.length === 0) {
      table.header = row.map((c) => c.text);
      return;
    }
    const line = formatRow(row, table.header);
    if (line) table.rows.push(line);
  }
}
