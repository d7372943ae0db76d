/**
 * An amount of money as pages write one: a currency sign before or after the figure ("€9.50",
 * "$12", "£2,400", "20 €"), or a currency code or name after it ("20 EUR", "5 dollars").
 */
export const AMOUNT =
  /[$€£¥₹]\s?\d|\d\s?(?:[$€£¥₹]|(?:EUR|USD|GBP|CHF|dollars?|euros?|pounds?)\b)/i;
