/** Inline text as it becomes a page's lines (html-structure.ts). */

/** `<br>` inside inline text, turned into a line break once whitespace is collapsed. */
export const LINE_BREAK = '\u2028';
/** Icon-font glyphs (private use area) and zero-width characters carry no text. */
const INVISIBLE = /[\uE000-\uF8FF\u200B-\u200D\u2060\uFEFF]/g;
const HAS_INVISIBLE = /[\uE000-\uF8FF\u200B-\u200D\u2060\uFEFF]/;

/**
 * A line after a `<br>` that goes on with the sentence before it: starting lower case or with
 * punctuation ("Or longhand<br>git format-patch …", AsciiDoc's footnotes set between two
 * `<br>`s: "… mailing list<br>[The Git Security mailing list: …]<br>, instead of …"). A line
 * starting with a capital or a figure is a line of its own ("Christmas opening hours<br>Christmas
 * Eve: 9am to 1pm.", "Saturday<br>10:00 – 18:00").
 */
const GOES_ON = /^[\p{Ll}\p{P}]/u;

/**
 * Whitespace collapsed to single spaces; `<br>`s as line breaks (GOES_ON), blank lines dropped.
 * (`\s` matches LINE_BREAK too: it is left out of the whitespace collapsed.)
 */
export function collapse(text: string): string {
  return text
    .replace(/[^\S\u2028]+/g, ' ')
    .split(LINE_BREAK)
    .map((l) => l.trim())
    .filter(Boolean)
    .reduce((out, line) => (!out ? line : `${out}${GOES_ON.test(line) ? ' ' : '\n'}${line}`), '');
}

/** The page's text without invisible characters, and without the lines left empty by them. */
export function withoutInvisible(text: string): string {
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

/**
 * Inline text before an inline element that follows another with nothing between
 * ("<span>€9.50</span><span>vegan</span>"): the page's styles lay the two out apart (badges, a
 * price beside its label), so a space keeps their words apart. Not before a superscript or a
 * subscript ("x<sup>2</sup>", "H<sub>2</sub>O"); the caller leaves code alone.
 */
export function spacedBefore(inline: string, element: string): string {
  return element === 'sup' || element === 'sub' || !/\S$/.test(inline) ? inline : `${inline} `;
}
