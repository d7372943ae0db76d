import { marksOf, type PlaceMark, pageAnchor } from '../../search/places.ts';
import { dropContentsEntries } from './pdf-contents.ts';

/**
 * Whole-document clean-up after per-page layout: the table of contents (pdf-contents.ts) and
 * running headers and footers are dropped — the same line, page numbers aside, at the top or
 * bottom of most pages, or a line carrying the page's printed number ("5.8. Handling bugs 39",
 * "6 Chapter 2. Applying to Become a Member": the current section's or chapter's title, which
 * changes through the document) — and words hyphenated across a line end are joined again.
 */
const EDGE_LINES = 2;
const MIN_REPEATS = 3;
const REPEAT_SHARE = 0.4;
/**
 * A chapter's running head ("User Guide Chapter 2 Graphics and Text") is on every page of its
 * chapter only: a line at the same edge of at least this many pages, and of this share of the
 * pages from its first to its last, runs too.
 */
const MIN_CHAPTER_REPEATS = 4;
const CHAPTER_SHARE = 0.5;

/** Pages as lines ('' = paragraph break) → one text, paragraphs separated by blank lines. */
export function assembleDocument(pages: string[][]): string {
  return assemblePages(pages).text;
}

/** assembleDocument, with where each page starts in the text (search/places.ts). */
export function assemblePages(pages: string[][]): { text: string; pageMarks: PlaceMark[] } {
  const body = dropContentsEntries(pages);
  const cleaned = dropNumberedEdges(dropRunningHeadersAndFooters(body), body);
  const lines: string[] = [];
  for (const page of cleaned) {
    if (lines.length && page.length) lines.push('');
    lines.push(...page);
  }
  const text = joinHyphenation(lines)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const pageMarks = marksOf(
    cleaned.map((page, i) => ({ text: page.join(''), anchor: pageAnchor(i + 1) })),
  );
  return { text, pageMarks };
}

/** Page numbers and dates vary from page to page; the rest of a running header does not. */
function edgeKey(line: string): string {
  return line
    .toLowerCase()
    .replace(/^[ivxlcdm]+$|(\bpage )[ivxlcdm]+\b/g, '$1#')
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

function edges(page: string[]): { top: number[]; bottom: number[] } {
  const content = page.flatMap((l, i) => (l.trim() ? [i] : []));
  return { top: content.slice(0, EDGE_LINES), bottom: content.slice(-EDGE_LINES) };
}

/** How many pages a pattern must recur on to count as running; undefined = too few pages. */
function repeatThreshold(pages: string[][]): number | undefined {
  const withText = pages.filter((p) => p.some((l) => l.trim())).length;
  if (withText < MIN_REPEATS) return undefined;
  return Math.max(MIN_REPEATS, Math.ceil(withText * REPEAT_SHARE));
}

/** Each page without the edge lines `drop` picks (`page` is the page's index). */
function withoutEdges(
  pages: string[][],
  drop: (line: string, where: 'top' | 'bottom', page: number) => boolean,
): string[][] {
  return pages.map((page, p) => {
    const e = edges(page);
    const dropped = new Set([
      ...e.top.filter((at) => drop(page[at] as string, 'top', p)),
      ...e.bottom.filter((at) => drop(page[at] as string, 'bottom', p)),
    ]);
    return page.filter((_, at) => !dropped.has(at));
  });
}

/**
 * Per edge, the pages (indices, ascending) each key of an edge line is found on; a line the
 * key function gives no key is not counted.
 */
function edgePages(pages: string[][], key: (line: string) => string | undefined) {
  const on = { top: new Map<string, number[]>(), bottom: new Map<string, number[]>() };
  pages.forEach((page, p) => {
    const e = edges(page);
    for (const where of ['top', 'bottom'] as const) {
      for (const k of new Set(e[where].map((i) => key(page[i] as string)))) {
        if (k === undefined) continue;
        const seen = on[where].get(k);
        if (seen) seen.push(p);
        else on[where].set(k, [p]);
      }
    }
  });
  return on;
}

/** A line word for word: numbered headings ("22.6 Version 4.5.0") share a shape, not words. */
const wordsOf = (line: string) => line.replace(/\s+/g, ' ').trim();

/** How a running head set in capitals opens: so many words, on so many letters, so capital. */
const CAPS_OPENING_WORDS = 2;
const MIN_CAPS_LETTERS = 10;
const CAPS_SHARE = 0.8;

/**
 * The opening words of a line set in capitals, numbers aside: a running head naming chapter and
 * section ("CHAPTER 5. SOFTWARE AVAILABLE IN THE … 5.4. HOW CAN I INSTALL A DEV") changes with
 * every section and chapter, the way it opens ("CHAPTER #.") does not.
 */
function capsOpening(line: string): string | undefined {
  const letters = line.match(/\p{L}/gu) ?? [];
  const capitals = letters.filter((c) => c !== c.toLowerCase()).length;
  if (letters.length < MIN_CAPS_LETTERS || capitals < CAPS_SHARE * letters.length) return undefined;
  return edgeKey(line).split(' ').slice(0, CAPS_OPENING_WORDS).join(' ');
}

function dropRunningHeadersAndFooters(pages: string[][]): string[][] {
  const threshold = repeatThreshold(pages);
  if (threshold === undefined) return pages;
  const shaped = edgePages(pages, edgeKey);
  const verbatim = edgePages(pages, wordsOf);
  const capitals = edgePages(pages, capsOpening);
  const acrossDocument = (on: number[] = []) => on.length >= threshold;
  const acrossChapter = (on: number[] = []) =>
    on.length >= MIN_CHAPTER_REPEATS &&
    on.length >= CHAPTER_SHARE * ((on.at(-1) ?? 0) - (on[0] ?? 0) + 1);
  return withoutEdges(pages, (line, where) => {
    const opening = capsOpening(line);
    return (
      acrossDocument(shaped[where].get(edgeKey(line))) ||
      acrossChapter(verbatim[where].get(wordsOf(line))) ||
      (opening !== undefined && acrossChapter(capitals[where].get(opening)))
    );
  });
}

/** An integer opening or closing a line (or alone), as a page number beside a running title. */
function edgeNumbers(line: string): number[] {
  const t = line.trim();
  // A number alone: the page number of a page without its running head (a chapter's first).
  const first = /^(\d{1,4})(?:\s+\S|$)/.exec(t)?.[1];
  const last = /\S\s+(\d{1,4})$/.exec(t)?.[1];
  return [first, last].flatMap((n) => (n === undefined ? [] : [Number(n)]));
}

/**
 * Edge lines carrying the page's printed number: the printed number runs with the page's
 * position, so number minus position is the same on most pages (one offset for the whole
 * document). A line at a page's edge whose number sits at that offset is a running header or
 * footer, whatever its words. The offset is counted on the pages as they were before the
 * running headers went (`before`: the body pages' own numbered header, gone by now, is what shows
 * the offset of the contents pages' "CONTENTS 9") and as they are (a running header's removal
 * brings a numbered line below it to the edge).
 */
function dropNumberedEdges(pages: string[][], before: string[][]): string[][] {
  const threshold = repeatThreshold(pages);
  if (threshold === undefined) return pages;
  const pagesAt = new Map<number, Set<number>>();
  for (const version of [before, pages]) {
    version.forEach((page, i) => {
      const e = edges(page);
      for (const at of [...e.top, ...e.bottom]) {
        for (const n of edgeNumbers(page[at] as string)) {
          pagesAt.set(n - i, (pagesAt.get(n - i) ?? new Set()).add(i));
        }
      }
    });
  }
  const offsets = new Set([...pagesAt].filter(([, on]) => on.size >= threshold).map(([o]) => o));
  if (offsets.size === 0) return pages;
  return withoutEdges(pages, (line, _where, i) =>
    edgeNumbers(line).some((n) => offsets.has(n - i)),
  );
}

/** "exam-" + "ple of" → "example of"; a capitalised next line keeps the hyphen. */
export function joinHyphenation(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] as string;
    while (i + 1 < lines.length) {
      let j = i + 1;
      // A page break between the halves of a word is a blank line; look past one.
      if ((lines[j] ?? 'x').trim() === '') j++;
      const next = lines[j];
      if (next === undefined) break;
      const soft = /\u00ad$/.test(line);
      const hard = /[\p{Ll}]{2}-$/u.test(line) && /^\p{Ll}/u.test(next);
      if (!soft && !hard) break;
      line = line.slice(0, -1) + next;
      i = j;
    }
    out.push(line);
  }
  return out;
}
