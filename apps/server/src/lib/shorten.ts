/**
 * `text` cut to at most `max` characters at the last word boundary before, with an ellipsis
 * (a trailing comma, semicolon or colon dropped); unchanged when it already fits.
 */
export function shortenAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, cut > 0 ? cut : max).replace(/[,;:]$/, '')}…`;
}
