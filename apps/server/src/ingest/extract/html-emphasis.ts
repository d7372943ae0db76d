import { AMOUNT, CURRENCY_CODE, CURRENCY_SIGN } from '../../lib/money.ts';

/**
 * Titles written as bold paragraphs: site builders (Wix's rich text, Squarespace, WordPress's
 * classic editor) title a card or a part of a page with `<p><strong>Parking</strong></p>` or a
 * bold-styled span, not a heading element. Such a paragraph heads what follows it, as a
 * `<summary>` does: a level below the page's last heading (html-structure.ts).
 */

/** Bold by its tag or its inline style. */
export function isBold(name: string, attrs: Record<string, string>): boolean {
  if (name === 'strong' || name === 'b') return true;
  return /font-weight\s*:\s*(?:bold|[6-9]00)/i.test(attrs.style ?? '');
}

/** A title is short. */
const MAX_TITLE_CHARS = 60;
const MAX_TITLE_WORDS = 8;
/** A line opening with a sign, a figure or a currency is a value, not a title. */
const OPENS_WITH_FIGURE = new RegExp(`^(?:[-+\\d]|${CURRENCY_SIGN})`, 'u');

/**
 * Whether a paragraph's text reads as a title: all of it bold (not `plain` anywhere), short, a
 * word and not a sentence, an amount or a number ("Sports Massage", "Level 1 – Foundations",
 * "Do you take walk-ins?"; not "Free Wi-Fi.", "60 minutes", "From £395, including VAT").
 */
export function readsAsTitle(text: string, plain: boolean): boolean {
  return (
    !plain &&
    text.length <= MAX_TITLE_CHARS &&
    text.split(/\s+/).length <= MAX_TITLE_WORDS &&
    /\p{L}/u.test(text) &&
    !/[.,;]$/.test(text) &&
    !OPENS_WITH_FIGURE.test(text) &&
    // A card's bold "From £395, including VAT" is its price, not its title.
    !AMOUNT.test(text)
  );
}

/** Characters a line that only states an amount has at most ("from €1,250 / month"). */
const MAX_AMOUNT_CHARS = 30;
/** An amount opening a line: a currency before or after the figure, maybe after "from". */
const OPENS_WITH_AMOUNT = new RegExp(
  String.raw`^(?:from\s+)?(?:${CURRENCY_SIGN}\s?\d|\d[\d.,]*\s?(?:${CURRENCY_SIGN}|${CURRENCY_CODE}\b))`,
  'i',
);

/**
 * Whether a heading's text is an amount, as site builders style a pricing card's price
 * ("€60 / month", "$49/mo", "from €75"): the card's text, under the plan's own title.
 */
export function statesAmount(text: string): boolean {
  return text.length <= MAX_AMOUNT_CHARS && OPENS_WITH_AMOUNT.test(text);
}
