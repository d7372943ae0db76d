/** A currency sign, as a regular expression's character class. */
export const CURRENCY_SIGN = '[$€£¥₹]';
/** A currency code as pages write one after a figure ("20 EUR"). */
export const CURRENCY_CODE = '(?:EUR|USD|GBP|CHF)';

/**
 * An amount of money as pages write one: a currency sign before or after the figure ("€9.50",
 * "$12", "£2,400", "20 €"), or a currency code or name after it ("20 EUR", "5 dollars").
 */
export const AMOUNT = new RegExp(
  String.raw`${CURRENCY_SIGN}\s?\d|\d\s?(?:${CURRENCY_SIGN}|(?:${CURRENCY_CODE}|dollars?|euros?|pounds?)\b)`,
  'i',
);
