/**
 * A PDF's table of contents: its lines repeat the document's headings with page numbers
 * ("2.2 Debian mentors and sponsors . . . . . 6"), so they match the questions its sections
 * answer and would be cited, or quoted as an answer, in their place. The entries are dropped,
 * from the first to the last (titles wrapped over lines and running heads between them too);
 * the rest of a page they share (a title, an introduction) is kept.
 *
 * A page holds contents when at least MIN_ENTRIES of its lines, and CONTENTS_SHARE of them,
 * end in dot leaders and an integer, and those integers never decrease down the page and stay
 * within the document's pages: page numbers (printed ones run behind the PDF's own count, its
 * front matter unnumbered). A price list ("Espresso ........ 2.50", "Pot of tea ..... 4" after
 * "Latte ..... 5") is not one, nor is anything in a document of fewer than MIN_PAGES pages,
 * where a menu may well list whole prices in ascending order.
 */
const MIN_ENTRIES = 3;
const CONTENTS_SHARE = 0.3;
const MIN_PAGES = 4;

/** ". . . . 12" or "........ 12": dot leaders, then the entry's page number. */
const LEADER_ENTRY = /(?:\.\s?){4,}\s*(\d{1,4})\s*$/;
/**
 * Any entry: a short leader (". . 59" where the title filled the line), or a title then its
 * page number, numbered ("14 Redistributing Debian in a commercial product 59") or not ("Index
 * 65").
 */
const ENTRY = /(?:\.\s?){2,}\s*\d{1,4}\s*$|^(?:\d+(?:\.\d+)*\.?\s*)?\p{Lu}[^.!?]*\s\d{1,4}$/u;

function isContentsPage(lines: string[], pageCount: number): boolean {
  const content = lines.filter((l) => l.trim());
  const numbers = content.flatMap((l) => {
    const m = LEADER_ENTRY.exec(l);
    return m ? [Number(m[1])] : [];
  });
  if (numbers.length < MIN_ENTRIES || numbers.length < CONTENTS_SHARE * content.length) {
    return false;
  }
  const ascending = numbers.every((n, i) => i === 0 || n >= (numbers[i - 1] as number));
  return ascending && Math.max(...numbers) <= pageCount;
}

/** "1.5 What is the difference between Debian and other": an entry whose title wraps. */
const NUMBERED_START = /^\d+(?:\.\d+)*\.?\s+\S/;

/**
 * Each page's lines without its table-of-contents entries: from the first line with dot
 * leaders to the last, widened over the entry-like lines right before and after (a chapter's
 * line without leaders, "Index 65", blank lines between them), never further.
 */
export function dropContentsEntries(pages: string[][]): string[][] {
  if (pages.length < MIN_PAGES) return pages;
  return pages.map((page) => {
    if (!isContentsPage(page, pages.length)) return page;
    const leader = (i: number) => LEADER_ENTRY.test(page[i]?.trim() ?? '');
    const entryLike = (i: number) => {
      const l = page[i]?.trim() ?? '';
      return l === '' || ENTRY.test(l) || NUMBERED_START.test(l);
    };
    let first = page.findIndex((_, i) => leader(i));
    let last = page.findLastIndex((_, i) => leader(i));
    while (first > 0 && entryLike(first - 1)) first--;
    while (last < page.length - 1 && entryLike(last + 1)) last++;
    // The paragraph breaks around the contents stay: they part what the page keeps.
    while (page[first]?.trim() === '') first++;
    while (page[last]?.trim() === '') last--;
    return [...page.slice(0, first), ...page.slice(last + 1)];
  });
}
