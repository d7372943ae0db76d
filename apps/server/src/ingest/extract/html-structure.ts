import { codeBlock, hasHeading, joinCallout, titled } from './html-blocks.ts';
import { elementFrame } from './html-element-frames.ts';
import { isBold, readsAsTitle, statesAmount } from './html-emphasis.ts';
import {
  addBlock,
  addDefinition,
  addItem,
  endNames,
  endsCodeLine,
  type Frame,
  type FrameOf,
  headingsAllowed,
  lineBreakIn,
  type NewFrame,
  nearestFrame,
  openLayout,
  renderedBlocks,
  roomFor,
  subheadingFrame,
} from './html-frames.ts';
import { IconLabels } from './html-icon-labels.ts';
import { collapse, spacedBefore, withoutInvisible } from './html-inline.ts';
import { LinkCollector } from './html-links.ts';
import { countLink, countText, isFootnoteMark } from './html-navigation.ts';
import { headingLine, Outline } from './html-outline.ts';
import { cellOf, endRow } from './html-table-rows.ts';
import { anchorAhead, BLOCK_TAGS, HEADINGS, startsRow } from './html-tags.ts';

/**
 * A page's text as light Markdown, built from parser events, keeping what retrieval and answers
 * need from the structure:
 * - blocks (paragraphs, lists, tables, code, each definition) separated by a blank line;
 * - headings as `## Heading {#anchor}` lines, the anchor a link to that section can use;
 * - a definition list's terms and description together: `-a, --all: Tell the command …`;
 * - each table row with its header cells: `Name: a | Value: 1`;
 * - code blocks fenced and verbatim; admonitions as `Note: …`;
 * - navigation (a table of contents, an index: lists, tables or definition lists of links)
 *   and footnote marks ("versions¹³¹") dropped.
 */
const BLANK = /^\s*$/;
const PANEL = { kind: 'callout', panel: true } as const;

export class StructuredText {
  private readonly root: Frame = { kind: 'root', depth: 0, blocks: [], inline: '' };
  private readonly stack: Frame[] = [this.root];
  private depth = 0;
  private readonly outline = new Outline();
  /** Every link to another page met so far, with the words around it. */
  readonly linked = new LinkCollector(collapse);
  /** The id of a section opened with no text since: a heading starting it links there. */
  private sectionId: string | undefined;
  /** `<sup>` elements open around the current position. */
  private superscripts = 0;
  /** An inline element just closed, with no text since ("<span>€9.50</span><span>…"). */
  private afterInline = false;
  private readonly icons = new IconLabels();
  /** Depths of the bold elements open (html-emphasis.ts). */
  private readonly bold: number[] = [];

  private get top(): Frame {
    return this.stack.at(-1) as Frame;
  }

  /** Opens an element; a tab's panel, titled with its tab's label like a callout ("Yarn: …"). */
  open(name: string, attrs: Record<string, string>, title?: string): void {
    const side = this.afterInline && !BLOCK_TAGS.has(name) && !this.nearest('pre');
    if (side) this.top.inline = spacedBefore(this.top.inline, name);
    this.afterInline = false;
    this.depth++;
    this.outline.enter(name, this.depth);
    this.icons.enter(this.depth, name, attrs, !!this.nearest('cell'));
    if (isBold(name, attrs)) this.bold.push(this.depth);
    const heading = this.heading();
    if (heading && !heading.own && (attrs.id || attrs.name)) heading.own = attrs.id ?? attrs.name;
    if (heading?.disclosure && HEADINGS[name]) heading.titled = true;
    if (!heading) this.sectionId = anchorAhead(name, attrs, this.sectionId);
    if (name === 'sup') {
      this.superscripts++;
      const link = this.nearest('link');
      if (link) link.superscript = true;
    }
    // Code is verbatim: nothing inside it opens a structure, not even a second `<pre>`
    // (mdBook writes every listing as `<pre><pre class="playground">`).
    const opens = roomFor(this.stack) && !this.nearest('pre');
    const panel = title ? { ...PANEL, around: this.outline.section } : undefined;
    const frame = !opens ? undefined : (panel ?? this.frameFor(name, attrs));
    // A callout named for screen readers only (Starlight's `<aside aria-label="Discounts">`).
    if (frame)
      this.push(frame, title ?? (frame.kind === 'callout' ? attrs['aria-label'] : undefined));
    else if (name === 'br') this.top.inline += lineBreakIn(this.stack);
    else if (BLOCK_TAGS.has(name) && !endsCodeLine(this.top)) this.flush(this.top);
    if (name === 'tr' || (name === 'td' && startsRow(attrs))) endRow(this.nearest('table'));
  }

  /** The structure an element opens outside code, if any. */
  private frameFor(name: string, attrs: Record<string, string>): NewFrame | undefined {
    const level = HEADINGS[name] && this.outline.level(HEADINGS[name]);
    if (level) {
      openLayout(this.stack);
      return { kind: 'heading', level, own: attrs.id, section: this.sectionId };
    }
    // A paragraph where a heading may stand may be a bold title (html-emphasis.ts).
    if (name === 'p' && headingsAllowed(this.stack)) {
      return subheadingFrame('emphasis', this.outline.sectionLevel, attrs.id, this.sectionId);
    }
    return elementFrame(name, attrs, this.stack, this.outline.sectionLevel, this.sectionId);
  }

  text(text: string): void {
    this.afterInline = false;
    this.icons.text(text);
    const pre = this.nearest('pre');
    if (pre) {
      pre.inline += text;
      // Code between an anchor and a heading: the anchor was not set for that heading.
      if (!BLANK.test(text)) this.sectionId = undefined;
      return;
    }
    const top = this.top;
    // Whitespace between block tags is most of the text events and never reaches a line.
    if (top.inline === '' && BLANK.test(text)) return;
    const paragraph = this.nearest('heading');
    // Bold from the paragraph in: a wrapper setting a whole card in bold makes no titles.
    const bold = (this.bold.at(-1) ?? -1) >= (paragraph?.depth ?? 0);
    if (paragraph?.emphasis && !bold && !BLANK.test(text)) paragraph.plain = true;
    if (!paragraph || paragraph.emphasis) this.sectionId = undefined;
    top.inline += text;
    countText(this.stack, text, this.nearest('cell')?.th === true);
  }

  close(name: string): void {
    const icon = this.icons.leave(this.depth);
    if (icon) this.text(icon);
    while (this.stack.length > 1 && this.top.depth >= this.depth) {
      this.finish(this.stack.pop() as Frame);
    }
    if (name === 'tr') endRow(this.nearest('table'));
    if (name === 'sup') this.superscripts = Math.max(0, this.superscripts - 1);
    if (this.bold.at(-1) === this.depth) this.bold.pop();
    if (BLOCK_TAGS.has(name)) this.flush(this.top);
    this.afterInline = !BLOCK_TAGS.has(name);
    this.outline.leave(this.depth);
    this.depth--;
  }

  toString(): string {
    while (this.stack.length > 1) this.finish(this.stack.pop() as Frame);
    this.flush(this.root);
    return withoutInvisible(this.root.blocks.join('\n\n'));
  }

  private push(frame: NewFrame, title?: string): void {
    if (frame.kind !== 'link') this.flush(this.top);
    this.stack.push({
      ...frame,
      depth: this.depth,
      blocks: title ? [title] : [],
      inline: '',
    } as Frame);
  }

  private nearest<K extends Frame['kind']>(kind: K): FrameOf<K> | undefined {
    return nearestFrame(this.stack, kind);
  }

  /** The heading being read, not a paragraph that may turn out to be a bold title. */
  private heading(): FrameOf<'heading'> | undefined {
    const heading = this.nearest('heading');
    return heading?.emphasis ? undefined : heading;
  }

  /** The frame's pending inline text becomes one of its blocks. */
  private flush(frame: Frame): void {
    if (frame.kind === 'pre') return;
    this.linked.flush(frame);
    const text = collapse(frame.inline);
    frame.inline = '';
    if (text) addBlock(frame, text);
  }

  private contentOf(frame: Frame): string[] {
    this.flush(frame);
    return frame.blocks;
  }

  /** Emits blocks; whether a heading was among them. */
  private emitAll(blocks: string[]): boolean {
    for (const block of blocks) this.emit(block);
    return hasHeading(blocks);
  }

  private emit(block: string): void {
    if (!block) return;
    this.flush(this.top);
    addBlock(this.top, block);
  }

  private finish(frame: Frame): void {
    switch (frame.kind) {
      case 'heading':
        this.finishHeading(frame);
        return;
      case 'pre': {
        const code = frame.inline.replace(/^\s*\n/, '').trimEnd();
        this.emit(codeBlock(code, this.nearest('cell')?.blocks.length === 0));
        return;
      }
      case 'item':
        if (!frame.layout) addItem(this.top, this.contentOf(frame));
        else for (const block of this.contentOf(frame)) this.emit(block);
        return;
      case 'list': {
        const outer = this.nearest('list');
        if (outer) outer.nested = true;
        for (const block of renderedBlocks(frame)) this.emit(block);
        return;
      }
      case 'term': {
        const dl = this.top as FrameOf<'dl'>;
        (dl.sections ? dl.names : dl.terms).push(this.contentOf(frame).join(' '));
        return;
      }
      case 'desc':
        addDefinition(this.top, this.contentOf(frame).join('\n'));
        return;
      case 'dl':
        this.flush(frame);
        for (const block of renderedBlocks(frame)) this.emit(block);
        return;
      case 'cell':
        this.nearest('table')?.row.push(cellOf(frame, this.contentOf(frame).join(' ')));
        return;
      case 'table':
        endRow(frame);
        for (const block of renderedBlocks(frame)) this.emit(block);
        return;
      case 'link':
        this.finishLink(frame);
        return;
      case 'callout':
        if (!frame.panel) this.emit(joinCallout(this.contentOf(frame)));
        // A tab's panel holding headings is followed by the section around it, named again.
        else if (this.emitAll(titled(this.contentOf(frame))))
          this.emit(this.outline.resume(frame.around));
        return;
    }
  }

  private finishHeading(frame: FrameOf<'heading'>): void {
    const blocks = this.contentOf(frame);
    const text = blocks.join(' ').trim();
    if (!text) return;
    // No title: a paragraph not reading as a bold one, a price styled as a heading (a card's).
    if (frame.emphasis ? !readsAsTitle(text, !!frame.plain) : statesAmount(text)) {
      for (const block of blocks) this.emit(block);
      return;
    }
    // A summary asking a question or holding a heading heads what it discloses; a label
    // ("History", "Show more") is a line of text: what follows belongs to the section around it.
    const label = frame.disclosure && !frame.titled && !text.endsWith('?');
    if (!headingsAllowed(this.stack) || label) {
      this.emit(text);
      return;
    }
    const heading = headingLine(frame.level, text, [frame.own, frame.section]);
    const top = this.top;
    if (top.kind !== 'dl') {
      this.emit(heading);
      if (!frame.disclosure && !frame.emphasis) this.outline.wrote(heading, frame.level);
    } else {
      // The entry before, named and never described, keeps its further names as a line.
      this.flush(top);
      this.emit(endNames(top).join(', '));
      this.emit(heading);
      top.termEnd = top.blocks.length;
    }
    this.sectionId = undefined;
  }

  private finishLink(frame: FrameOf<'link'>): void {
    const fragment = frame.href.startsWith('#');
    const heading = this.heading();
    const symbolOnly = frame.blocks.length === 0 && !/[\p{L}\p{N}]/u.test(frame.inline);
    // A heading's permalink ("#", "¶") names its anchor; its symbol is not part of the title,
    // nor of a definition's term.
    if (fragment && symbolOnly && heading) {
      heading.own ??= frame.href.slice(1) || undefined;
      return;
    }
    if (fragment && symbolOnly && this.nearest('term')) return;
    const text = `${frame.inline} ${frame.blocks.join(' ')}`;
    if (isFootnoteMark(frame, this.superscripts > 0, text)) return;
    countLink(this.stack, frame.href, text, this.nearest('cell')?.th === true);
    for (const block of frame.blocks) this.emit(block);
    this.linked.add(this.top, frame.href, frame.blocks);
    this.top.inline += frame.inline;
  }
}
