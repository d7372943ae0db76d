/** The Markdown a page's structures are written as: table rows, callouts, definitions, code. */
import { daysThenHours } from '../../search/opening-hours.ts';

export interface Cell {
  text: string;
  th: boolean;
  /** Rows it spans (`rowspan`), its own included. */
  rows: number;
}

/** A label cell short enough to read as "label: value". */
const LABEL_MAX = 40;

/**
 * One table row as a line: each cell with its column's header ("Name: a | Value: 1"); without
 * a header, a two-cell row with a short first cell reads as "label: value", others as cells
 * separated by bars. Code in a cell stays a block on lines of its own, so the row then spans
 * several lines: a fence inside a line ("→ ```", "``` next(…)") would open a code block running
 * past the row, taking the rows after it for code.
 */
export function formatRow(row: Cell[], header: string[] | null): string {
  const text = (c: Cell) => fencesApart(c.text);
  if (header && header.length === row.length) {
    return joinCells(
      row.map((c, i) => (!c.text ? '' : header[i] ? labelled(header[i], text(c)) : text(c))),
    );
  }
  const cells = row.filter((c) => c.text).map(text);
  const [label, value] = cells;
  // Code is no label: "```: value" would leave its block unclosed.
  if (cells.length === 2 && label && value && label.length <= LABEL_MAX && !label.includes('```'))
    return labelled(label, value);
  return joinCells(cells);
}

/** A cell's code blocks on lines of their own, the words around them on theirs. */
const fencesApart = (text: string) =>
  text
    .split(/(```\n[\s\S]*?\n```)/)
    .map((piece, i) => (i % 2 === 1 ? piece : piece.trim()))
    .filter(Boolean)
    .join('\n');

/** Cells joined by bars; a line break instead next to code (a fence must start its line). */
const joinCells = (cells: string[]) =>
  cells.filter(Boolean).reduce((row, cell) => {
    if (!row) return cell;
    return `${row}${row.endsWith('```') || cell.startsWith('```') ? '\n' : ' | '}${cell}`;
  }, '');

/**
 * An admonition's title ("Note", "Warning", a heading of its own) joins its first paragraph:
 * "Note: …". A title ending a sentence stays a line of its own, as does one over a list or
 * code (their first line must start a line). Gives the box's blocks so titled: an admonition
 * is written as one block (joinCallout), a tab's panel, titled with its tab's label, as its own.
 * A panel opening with a heading keeps it as a heading, without a label saying the same
 * (WooCommerce's "Additional information" tab over its own "Additional information" heading).
 */
export function titled(blocks: string[]): string[] {
  const [heading, first, ...rest] = blocks;
  // A heading inside the box titles the box, not a section: the page's text after the box
  // still belongs to the section the box stands in (its anchor, if any, is given up: a link
  // to the box lands on that section).
  const title = heading?.replace(HEADING_LINE, '$1');
  if (title === undefined) return [];
  if (first && sameWords(withoutOwnColon(title), first.replace(HEADING_LINE, '$1')))
    return blocks.slice(1);
  const paragraph = !!first && !/^(?:- |```|#{1,6} )/.test(first);
  if (title && paragraph && title.length <= LABEL_MAX && !/[.!?]$/.test(title)) {
    return [labelled(title, first), ...rest];
  }
  return [title, ...blocks.slice(1)];
}

/** Whether blocks hold a heading (a tab's panel: Outline.resume). */
export const hasHeading = (blocks: string[]) => blocks.some((b) => HEADING_LINE.test(b));

export const joinCallout = (blocks: string[]): string => titled(blocks).join('\n');

/** A heading line's text, without its anchor. */
const HEADING_LINE = /^#{1,6} (.*?)(?: \{#[^}]*\})?$/;
const sameWords = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A label without the colon it was written with ("Parameters:", "Default:"), so that it is not
 * given a second. A colon standing as a word, or ending a label with colons inside, is part of
 * it (`git push origin :` pushes the matching branches; `hasconfig:remote.*.url:` is a keyword).
 */
const withoutOwnColon = (label: string) => (/^[^:]*\S:$/.test(label) ? label.slice(0, -1) : label);

/** "label: value", a code block on the lines after its label. */
function labelled(label: string, value: string): string {
  const own = withoutOwnColon(label);
  return value.startsWith('```') ? `${own}:\n${value}` : `${own}: ${value}`;
}

/**
 * Code as a fenced block; none for blank code, or for lines of consecutive numbers alone in a
 * table cell (`aloneInCell`): the gutter Pygments' and Hugo's line-number tables put beside the
 * code. Numbers after other words in a cell are a value ("unnest(ARRAY[1,2]) → 1 2").
 */
export function codeBlock(code: string, aloneInCell: boolean): string {
  if (!code.trim() || (aloneInCell && isLineNumbers(code))) return '';
  return `\`\`\`\n${code}\n\`\`\``;
}

/** Two or more lines of consecutive numbers and nothing else. */
function isLineNumbers(code: string): boolean {
  const lines = code.trim().split(/\s*\n\s*/);
  return (
    lines.length > 1 &&
    lines.every((l, i) => /^\d+$/.test(l) && (i === 0 || Number(l) === Number(lines[i - 1]) + 1))
  );
}

/** A definition as one block: its terms, then its description (`-a, --all: Stage …`). */
export function definitionItem(terms: string[], body: string): string {
  const term = withoutOwnColon(terms.join(', '));
  if (!term) return body;
  if (!body) return term;
  return labelled(term, body);
}

/**
 * A paragraph of hours after one naming their days, read as one line with it ("Saturday:
 * 10:00 – 18:00"): site builders lay an hours table out as a grid of paragraphs.
 */
export const hoursLine = (days: string | undefined, hours: string): string | undefined =>
  days !== undefined && daysThenHours(days, hours)
    ? `${days.replace(/:$/, '')}: ${hours}`
    : undefined;
