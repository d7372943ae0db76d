import { opensPanel } from './html-boilerplate.ts';
import {
  type Frame,
  type FrameOf,
  headingsAllowed,
  type NewFrame,
  newDefinitionList,
  newItem,
  newList,
  newTable,
  subheadingFrame,
} from './html-frames.ts';
import { isFootnoteRef } from './html-navigation.ts';
import { BLOCK_TAGS, CALLOUT_CLASS, CODE_BLOCK_CLASS } from './html-tags.ts';

const inside = (stack: Frame[], kind: Frame['kind']) => stack.some((f) => f.kind === kind);

/**
 * The structure an element other than a heading opens outside code, if any, given the frames
 * open around it, the level of the last heading written and the section id set ahead of it.
 */
export function elementFrame(
  name: string,
  attrs: Record<string, string>,
  stack: Frame[],
  headingLevel: number,
  sectionId: string | undefined,
): NewFrame | undefined {
  // A disclosure's toggle asking a question (a `<summary>`, or an accordion's button outside a
  // heading) heads the answer it opens, as the FAQ's heading would.
  const toggle = opensPanel(name, attrs) && !inside(stack, 'heading');
  if (name === 'summary' || toggle)
    return subheadingFrame('disclosure', headingLevel, attrs.id, sectionId);
  const top = stack.at(-1) as Frame;
  switch (name) {
    case 'pre':
      return { kind: 'pre' };
    case 'ul':
    case 'ol':
      return newList();
    case 'li':
      return newItem(top);
    case 'dl':
      return newDefinitionList();
    case 'dt':
      return top.kind === 'dl' ? termFrame(stack, attrs, headingLevel) : undefined;
    case 'dd':
      // An entry section's description is the section's text, not a definition's.
      return top.kind === 'dl' && !(top as FrameOf<'dl'>).sections ? { kind: 'desc' } : undefined;
    case 'table':
      return newTable();
    case 'td':
    case 'th':
      return inside(stack, 'table')
        ? { kind: 'cell', th: name === 'th', rows: rowsSpanned(attrs.rowspan) }
        : undefined;
    case 'a': {
      if (attrs.href === undefined) return undefined;
      const note = isFootnoteRef(attrs);
      return { kind: 'link', href: attrs.href.trim(), note, superscript: false };
    }
  }
  if (!BLOCK_TAGS.has(name)) return undefined;
  if (CODE_BLOCK_CLASS.test(attrs.class ?? '')) return { kind: 'pre' };
  if (CALLOUT_CLASS.test(attrs.class ?? '')) return { kind: 'callout' };
  return undefined;
}

/**
 * Rows a cell spans, its own included: `rowspan` as a browser reads it, at most MAX_ROW_SPAN
 * (a hostile span would repeat a cell on every row after it); 0 ("to the end of its group") and
 * junk as 1.
 */
const MAX_ROW_SPAN = 100;
const rowsSpanned = (rowspan: string | undefined) => {
  const n = Number.parseInt(rowspan ?? '', 10);
  return n > 1 ? Math.min(n, MAX_ROW_SPAN) : 1;
};

/**
 * A definition list whose first term has an id is a list of entries each worth a section of
 * its own (Sphinx's API entries, DocBook's settings): a link can point at each, and a question
 * about one is answered from its description. Only where a heading could stand (not inside a
 * list, a table or another definition), one level below the heading it follows. A term
 * right after an entry's heading is a further name of that entry (Texinfo's `@deftypefnx`,
 * an overloaded signature): they share its description.
 */
function termFrame(
  stack: readonly Frame[],
  attrs: Record<string, string>,
  headingLevel: number,
): NewFrame {
  const dl = stack.at(-1) as FrameOf<'dl'>;
  const first = dl.items.length === 0 && dl.terms.length === 0;
  if (first && attrs.id && headingsAllowed(stack.slice(0, -1))) dl.sections = true;
  if (!dl.sections) return { kind: 'term' };
  if (dl.termEnd === dl.blocks.length && /^\s*$/.test(dl.inline)) return { kind: 'term' };
  const nested = stack.filter((f) => f.kind === 'dl' && f.sections).length;
  return { kind: 'heading', level: Math.min(6, headingLevel + nested), own: attrs.id };
}
