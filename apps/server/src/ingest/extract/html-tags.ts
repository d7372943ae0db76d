/** How a page's elements are read as structure (html-structure.ts): by tag and class. */

/** Elements that end the text before them and start a new block. */
export const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
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
/**
 * ARIA roles that make an element a table's part: GitBook writes its tables, and data grids
 * theirs, as `<div role="table">` of `role="row"`s of `role="columnheader"` and `role="cell"`s.
 */
const TABLE_ROLES: Record<string, string> = {
  table: 'table',
  grid: 'table',
  treegrid: 'table',
  row: 'tr',
  columnheader: 'th',
  rowheader: 'th',
  cell: 'td',
  gridcell: 'td',
};

/**
 * Classes that make a `<div>` a table's part where it gives no role: a published Notion
 * database's table view (`notion-table-view`, its `…-header-row` of `…-header-cell`s, and
 * `…-table-view-cell`s, whose rows are only wrappers: see startsRow), and inside a table
 * `div.table-row`s of `div.table-cell`s. Each only where that part can stand: a cell in a
 * table or a row, a row in a table. A `div.table-cell` laying out a page (centring a banner's
 * text), or the wrapper inside a real `<td>` (Notion's simple tables), is read as any `<div>`.
 */
const TABLE_CLASSES: readonly { cls: RegExp; part: string; within: readonly string[] }[] = [
  { cls: /(?:^|\s)[\w-]*header-cell(?:\s|$)/, part: 'th', within: ['table', 'tr'] },
  { cls: /(?:^|\s)[\w-]*table(?:-view)?-cell(?:\s|$)/, part: 'td', within: ['table', 'tr'] },
  { cls: /(?:^|\s)[\w-]*(?:header|table)-row(?:\s|$)/, part: 'tr', within: ['table'] },
  { cls: /(?:^|\s)[\w-]*table-view(?:\s|$)/, part: 'table', within: [''] },
];

/** The tags of a table's parts. */
export const TABLE_PARTS: ReadonlySet<string> = new Set(['table', 'tr', 'td', 'th']);

/** The table part a `<div>` plays by its class, given the one it is in ('' for none). */
const partByClass = (attrs: Record<string, string>, inPart: string): string | undefined =>
  TABLE_CLASSES.find((p) => p.within.includes(inPart) && p.cls.test(attrs.class ?? ''))?.part;

/**
 * Whether a cell opens its row: the first by its column index (`data-col-index="0"`,
 * `aria-colindex="1"`), where rows are not marked as such.
 */
export const startsRow = (attrs: Record<string, string>): boolean =>
  attrs['data-col-index'] === '0' || attrs['aria-colindex'] === '1';

/**
 * An FAQ block's question written as bold text over its answer, not as a heading: Yoast SEO's
 * FAQ block (`<strong class="schema-faq-question">` then `<p class="schema-faq-answer">`). Read
 * as a `<summary>` is, it heads the answer after it, so each entry is a section of its own.
 */
const FAQ_QUESTION_CLASS = /(?:^|\s)schema-faq-question(?:\s|$)/;

/**
 * The tag an element's text is read as: one playing a table's part (TABLE_ROLES, TABLE_CLASSES,
 * given the innermost part `inPart` it is in, '' for none) as that part,
 * one playing a heading (`<div role="heading" aria-level="3">`: Notion, Squarespace's
 * accordions) as the heading of its level (2 when it gives none, as ARIA says), an FAQ block's
 * question as a `<summary>` (FAQ_QUESTION_CLASS).
 */
export function structuralTag(name: string, attrs: Record<string, string>, inPart: string): string {
  const role = attrs.role?.toLowerCase() ?? '';
  if (role !== 'heading') {
    const part = TABLE_ROLES[role];
    if (!part && FAQ_QUESTION_CLASS.test(attrs.class ?? '')) return 'summary';
    if (part || name !== 'div') return part ?? name;
    return partByClass(attrs, inPart) ?? name;
  }
  const level = Number.parseInt(attrs['aria-level'] ?? '', 10);
  return `h${Number.isInteger(level) ? Math.min(6, Math.max(1, level)) : 2}`;
}

export const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const CALLOUT_WORDS =
  'admonition|admonitionblock|callout|alert|note|notice|tip|hint|warning|caution|important|danger|attention';
/** A callout's class: one of its words, or a modifier ending in one (`starlight-aside--note`). */
export const CALLOUT_CLASS = new RegExp(
  `(?:^|\\s)(?:[\\w-]*[-_])?(?:${CALLOUT_WORDS})(?:\\s|$)`,
  'i',
);
/**
 * Code written as a block of one element per line instead of `<pre>`: Doxygen's
 * `div.fragment` of `div.line`s. Read as preformatted, its lines stay lines, fenced.
 */
export const CODE_BLOCK_CLASS = /(?:^|\s)fragment(?:\s|$)/;

/** An element whose text is code: `<pre>`, inline `<code>`, or a block of CODE_BLOCK_CLASS. */
export const holdsCode = (name: string, attrs: Record<string, string>): boolean =>
  name === 'pre' || name === 'code' || CODE_BLOCK_CLASS.test(attrs.class ?? '');
/** Sections whose id a heading at their start links to (`<section id>`, Sphinx's div.section). */
export const SECTION_CLASS = /(?:^|\s)(?:ref)?sect(?:ion|\d)(?:\s|$)/i;

/**
 * The id a heading coming next links to, given an element opened with no text since: its
 * section's (`<section id>`, Sphinx's div.section, DocBook's div.sect1), else the first of the
 * empty anchors set just before it (`<span id="Pipelines"></span><h4>` in Texinfo,
 * `<a name="x"></a><h2>`), else the one noted before (`current`).
 */
export function anchorAhead(
  name: string,
  attrs: Record<string, string>,
  current: string | undefined,
): string | undefined {
  const id = attrs.id ?? (name === 'a' ? attrs.name : undefined);
  if (!id) return current;
  return name === 'section' || SECTION_CLASS.test(attrs.class ?? '') ? id : (current ?? id);
}
