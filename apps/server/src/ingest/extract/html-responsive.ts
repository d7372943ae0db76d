/**
 * Responsive variants: builders that render a component once per breakpoint (Framer's desktop,
 * tablet and phone variants of a navbar or a row of cards) write every variant into the page
 * and hide all but one per screen width with media queries in the page's own `<style>`:
 * `@media (max-width: 809.98px) { .hidden-1htuuci { display: none !important } }`. Read as
 * they stand, the page says everything twice or three times, each copy a chunk of its own. A
 * page is read as laid out for a desktop screen: an element whose class the page hides at that
 * width is another screen's copy, and dropped.
 */

/** The screen width a page is read at: a desktop's. */
const DESKTOP_WIDTH = 1280;
/** Style text read per page, at most: a builder's inline styles are tens of kilobytes. */
const MAX_STYLE_CHARS = 1_000_000;

/** `@media <query> {`: the query, then the block up to its closing brace (rules inside). */
const MEDIA_BLOCK = /@media([^{]{1,300})\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g;
/** A declaration hiding what a rule selects. */
const HIDES = /\bdisplay\s*:\s*none\b/;
/** A bare class selector, the only kind a builder's variants are hidden by. */
const CLASS_SELECTOR = /^\.([\w-]+)$/;
/** A width condition of a media query, in pixels. */
const WIDTH = /\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)/g;

/**
 * Whether a media query holds at the desktop width: only width conditions (with `screen`,
 * `all`, `only` and `and`), all of them met. Any other condition (print, hover, orientation)
 * is left alone: the element may be this screen's.
 */
function holdsOnDesktop(query: string): boolean {
  const rest = query.replace(WIDTH, '').replace(/\b(?:only|screen|all|and)\b/g, '');
  if (rest.trim() !== '') return false;
  let any = false;
  for (const [, bound, px] of query.matchAll(WIDTH)) {
    any = true;
    const width = Number(px);
    if (bound === 'min' ? DESKTOP_WIDTH < width : DESKTOP_WIDTH > width) return false;
  }
  return any;
}

/** The classes a page's styles hide at the desktop width, and only through a media query. */
export class ResponsiveVariants {
  private css = '';
  private readonly hidden = new Set<string>();

  /** Text of a `<style>` element, as the parser gives it; read once the element is closed. */
  styleText(text: string): void {
    if (this.css.length + text.length <= MAX_STYLE_CHARS) this.css += text;
  }

  /**
   * Whether an element is another screen's copy: one of its classes hidden at this width. The
   * style text gathered so far is read first: a `<style>` holds no elements, so when the next
   * element opens it is whole.
   */
  isOtherScreens(attrs: Record<string, string>): boolean {
    if (this.css) this.readStyles();
    if (this.hidden.size === 0 || !attrs.class) return false;
    return attrs.class.split(/\s+/).some((c) => this.hidden.has(c));
  }

  private readStyles(): void {
    for (const [, query = '', rules = ''] of this.css.matchAll(MEDIA_BLOCK)) {
      if (!holdsOnDesktop(query)) continue;
      // Rules one by one (`selectors{declarations}`): linear in the style text, whatever it is.
      for (const rule of rules.split('}')) {
        const [selectors = '', declarations = ''] = rule.split('{');
        if (!HIDES.test(declarations)) continue;
        for (const selector of selectors.split(',')) {
          const name = CLASS_SELECTOR.exec(selector.trim())?.[1];
          if (name) this.hidden.add(name);
        }
      }
    }
    this.css = '';
  }
}
