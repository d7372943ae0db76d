import type { Frame, FrameOf } from './html-frames.ts';

/**
 * What a list, a table or a definition list holds, to tell navigation from content: its links,
 * its text (non-space characters; a table's header cells, being labels, left out) and of that
 * text, the links' to this page's anchors (`fragmentChars`) and to this page or others of its
 * site (`localChars`, relative links); for a definition list, its text outside terms
 * (`descriptionChars`).
 */
export interface LinkShare {
  links: number;
  chars: number;
  fragmentChars: number;
  localChars: number;
  descriptionChars: number;
}

export const noLinks = (): LinkShare => ({
  links: 0,
  chars: 0,
  fragmentChars: 0,
  localChars: 0,
  descriptionChars: 0,
});

/** Characters of a text that count towards a LinkShare: its non-space ones. */
const shareChars = (text: string): number => text.replace(/\s+/g, '').length;

/** Whether a structure counts what is met in it: a table not what its header cells hold. */
const counts = (f: Frame, label: boolean): f is FrameOf<'list' | 'table' | 'dl'> =>
  'share' in f && !(label && f.kind === 'table');

/**
 * Text met inside lists, tables and definition lists (`stack`: the open structures, outermost
 * first), towards their LinkShare: for a definition list, whether it is in one of its terms (or
 * of a list nested in it, an entry section's heading being its term) or describes one; for a
 * table, not when it is a header cell (`label`).
 */
export function countText(stack: readonly Frame[], text: string, label: boolean): void {
  const chars = shareChars(text);
  if (chars === 0) return;
  // Innermost first: whether a term (or an entry's heading) lies between the text and a list.
  let inTerm = false;
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i] as Frame;
    if (counts(f, label)) {
      f.share.chars += chars;
      if (f.kind === 'dl' && !inTerm) f.share.descriptionChars += chars;
    }
    if (f.kind === 'term' || f.kind === 'heading') inTerm = true;
  }
}

/**
 * A link's text counted in the structures it is in (`label`: in a table's header cell): to this
 * page's anchors, to the site's pages.
 */
export function countLink(
  stack: readonly Frame[],
  href: string,
  text: string,
  label: boolean,
): void {
  const chars = shareChars(text);
  const fragment = href.startsWith('#');
  const local = fragment || !/^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href);
  for (const f of stack) {
    if (!counts(f, label)) continue;
    f.share.links++;
    if (fragment) f.share.fragmentChars += chars;
    if (local) f.share.localChars += chars;
  }
}

/**
 * Navigation: a list, table or definition list with at least this many links, nearly all of its
 * text link text, either to the page's own anchors or to the site's pages: a manual's contents
 * on its index page, Sphinx's toctree and general index, Texinfo's back-of-book index (a table
 * of entries and the sections they link to) and its "Jump to: A B C" letters. Their lines
 * repeat the titles of what they link to, so they would match nearly any question and be cited
 * for it. A flat list of links to other pages is kept: often content ("examples of writable
 * streams: HTTP requests, fs write streams, …"); only nesting (chapters and their sections)
 * makes one contents.
 */
const NAV_MIN_LINKS = 3;
const NAV_LINK_SHARE = 0.8;
/**
 * A definition list of terms alone, describing none of them, with at least this share of link
 * text is an index (DocBook's: "abs, Mathematical Functions" for each term, the page named
 * where it is explained; 0.5–0.72 of its text measured on one). A list of commands whose terms
 * say what each does ("ABORT — abort the current transaction") holds 0.33 and is kept, as are
 * definition lists that describe their terms, whatever their links.
 */
const INDEX_LINK_SHARE = 0.4;

export function isNavigation(frame: FrameOf<'list' | 'table' | 'dl'>): boolean {
  const { share } = frame;
  const atLeast = (chars: number, part: number) => chars >= part * share.chars;
  const mostly = (chars: number) => atLeast(chars, NAV_LINK_SHARE);
  const contents = frame.kind !== 'list' || frame.nested;
  const index =
    frame.kind === 'dl' &&
    share.descriptionChars === 0 &&
    atLeast(share.localChars, INDEX_LINK_SHARE);
  return (
    share.links >= NAV_MIN_LINKS &&
    share.chars > 0 &&
    (mostly(share.fragmentChars) || (contents && mostly(share.localChars)) || index)
  );
}

/** A footnote mark's text: "1", "[12]", "a", "*", "†". */
const FOOTNOTE_MARK = /^\[?(?:\d{1,3}|[a-z]|[*†‡§]{1,3})\]?$/i;
/** How generators mark a footnote reference (`footnote-reference`, `fnref`, `doc-noteref`). */
const FOOTNOTE_REF = /foot|fnref|noteref/i;

/** Whether a link's attributes mark it as a footnote reference. */
export const isFootnoteRef = (attrs: Record<string, string>): boolean =>
  FOOTNOTE_REF.test(`${attrs.class ?? ''} ${attrs.role ?? ''}`);

/**
 * A footnote mark ("versions¹³¹"): a link to the page's own anchor (the note), reading "1" or
 * "[a]", marked as a footnote reference or set in superscript. Not a word of the sentence.
 */
export function isFootnoteMark(link: FrameOf<'link'>, superscript: boolean, text: string): boolean {
  return (
    link.href.startsWith('#') &&
    (link.note || link.superscript || superscript) &&
    FOOTNOTE_MARK.test(text.trim())
  );
}
