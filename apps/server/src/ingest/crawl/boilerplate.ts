/**
 * Site-level boilerplate: lines (menus, version pickers, "Edit on GitHub", footers) that the
 * per-page heuristics missed but that recur on most pages of the crawl. Needs enough pages to
 * tell a template from content; a top heading must be near-universal to count, section headings
 * never do; indented lines (code) are never touched.
 */
const MIN_PAGES = 5;
const LINE_SHARE = 0.6;
const HEADING_SHARE = 0.95;

interface HasText {
  text: string;
  tokenCount: number;
}

export function stripRepeatedLines(pages: HasText[]): number {
  if (pages.length < MIN_PAGES) return 0;
  const counts = new Map<string, number>();
  for (const page of pages) {
    for (const line of new Set(page.text.split('\n'))) {
      if (candidate(line)) counts.set(line, (counts.get(line) ?? 0) + 1);
    }
  }
  const drop = new Set<string>();
  for (const [line, n] of counts) {
    // Section headings ("## Returns" on every API page) are structure, never boilerplate; a
    // site title repeated as every page's h1 is.
    if (/^#{2,6} /.test(line)) continue;
    const share = line.startsWith('# ') ? HEADING_SHARE : LINE_SHARE;
    if (n >= 3 && n >= pages.length * share) drop.add(line);
  }
  if (drop.size === 0) return 0;
  for (const page of pages) {
    const kept = page.text.split('\n').filter((l) => !drop.has(l));
    page.text = kept.join('\n').trim();
    page.tokenCount = page.text.length;
  }
  return drop.size;
}

function candidate(line: string): boolean {
  return line.length >= 4 && line.length <= 200 && !/^\s/.test(line);
}
