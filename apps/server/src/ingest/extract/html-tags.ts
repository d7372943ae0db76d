/** How a page's elements are read as structure (html-structure.ts): by tag and class. */

/** Elements that end the text before them and start a new block. */
export const BLOCK_TAGS = new Set([
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
 * The tag an element's text is read as: one playing a table's part (TABLE_ROLES) as that part,
 * one playing a heading (`<div role="heading" aria-level="3">`: Notion, Squarespace's
 * accordions) as the heading of its level (2 when it gives none, as ARIA says).
 */
export function structuralTag(name: string, attrs: Record<string, string>): string {
  const role = attrs.role?.toLowerCase() ?? '';
  if (role !== 'heading') return TABLE_ROLES[role] ?? name;
  const level = Number.parseInt(attrs['aria-level'] ?? '', 10);
  return `h${Number.isInteger(level) ? Math.min(6, Math.max(1, level)) : 2}`;
}

export const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
export const CALLOUT_CLASS =
  /(?:^|\s)(?:admonition|admonitionblock|callout|alert|note|notice|tip|hint|warning|caution|important|danger|attention)(?:\s|$)/i;
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
