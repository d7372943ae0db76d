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
export const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
export const CALLOUT_CLASS =
  /(?:^|\s)(?:admonition|admonitionblock|callout|alert|note|notice|tip|hint|warning|caution|important|danger|attention)(?:\s|$)/i;
/** Sections whose id a heading at their start links to (`<section id>`, Sphinx's div.section). */
export const SECTION_CLASS = /(?:^|\s)(?:ref)?sect(?:ion|\d)(?:\s|$)/i;
