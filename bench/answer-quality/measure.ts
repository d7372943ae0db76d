/**
 * How the answer-quality bench decides "the answer phrase is in this text" and "this page is
 * among the sources", and how it summarises latencies.
 */

/**
 * One normal form for the fixture's answer phrase and for whatever it is looked for in (an
 * answer, the passages of a prompt). The fixtures give the phrase as the page's visible text
 * with tags removed and whitespace collapsed; the product may hand the same words on with
 * Markdown markup (emphasis, code ticks, headings, list bullets, links, table bars) and other
 * line breaks. So: Unicode compatibility form, typographic quotes as ASCII, Markdown link
 * syntax reduced to its text, markup characters dropped, whitespace collapsed, lower case.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\[([^\]\n]*)\]\([^)\s]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(?:#{1,6}|[-*+•]|>)[ \t]+/gm, '')
    .replace(/[*`_]/g, '')
    .replace(/\s*\|\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function containsPhrase(text: string, phrase: string): boolean {
  return normalise(text).includes(normalise(phrase));
}

/** True when one of the source URLs is the page (path compared; query and anchor ignored). */
export function pageAmong(sources: { url: string | null }[], pagePath: string): boolean {
  const want = canonicalPath(pagePath);
  return sources.some((s) => {
    if (!s.url) return false;
    try {
      return canonicalPath(new URL(s.url).pathname) === want;
    } catch {
      return false;
    }
  });
}

/** "/" and "/index.html" are the same page. */
function canonicalPath(p: string): string {
  const decoded = decodeURIComponent(p);
  return decoded.endsWith('/') ? `${decoded}index.html` : decoded;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}

export const pct = (hits: number, n: number) =>
  n === 0 ? '–' : `${((100 * hits) / n).toFixed(1)} %`;
