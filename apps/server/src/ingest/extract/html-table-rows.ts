/** A table's rows as they end: its header row told apart, cells spanning rows repeated. */
import { startsWithDay } from '../../search/opening-hours.ts';
import { type Cell, formatRow } from './html-blocks.ts';
import type { FrameOf } from './html-frames.ts';

/** A cell closed, with its text. */
export const cellOf = (frame: FrameOf<'cell'>, text: string): Cell => ({
  text,
  th: frame.th,
  rows: frame.rows,
});

/** Columns a first row of ordinary cells may head; fewer are a label and its value. */
const MIN_HEADED_COLUMNS = 3;
const MAX_LABEL_CHARS = 30;

/**
 * Whether a table's first row is its header: header cells, or (Notion's simple tables, editors
 * writing no `<th>`) three or more ordinary cells that read as column labels: short, distinct,
 * no figures nor code ("Plan | Credits | Price"; not "Balcony | No | Yes | Yes", "Starter | €44").
 * An empty first cell is the corner over a column of row labels ("| Phone | Live chat" over
 * "Saturday | 9am to 5pm | 9am to 6pm"), as editors write a comparison or an hours table. A day
 * before what is not one is an hours table's first row ("Monday | Closed | Except bank
 * holidays", Drupal's office hours): a column of days is labelled "Day", and days heading
 * columns are days all along ("Weekdays | Saturday | Sunday").
 */
function headsColumns(row: Cell[]): boolean {
  const labels = row.length > 1 && !row[0]?.text.trim() ? row.slice(1) : row;
  if (labels.every((c) => c.th)) return true;
  const texts = labels.map((c) => c.text.trim());
  const dayRow = startsWithDay(texts[0] ?? '') && !startsWithDay(texts[1] ?? '');
  return (
    !dayRow &&
    row.length >= MIN_HEADED_COLUMNS &&
    new Set(texts).size === texts.length &&
    texts.every((t) => t && t.length <= MAX_LABEL_CHARS && !/\d|```/.test(t) && !/[.!?]$/.test(t))
  );
}

/** Characters a table's spanning cells may repeat beyond as many as its own cells hold. */
const CARRY_ALLOWANCE = 2_000;

/** A cell spanning rows below its own, by its column: the cell, and the rows it still covers. */
export type Spanning = Map<number, { cell: Cell; left: number }>;

/**
 * A row's cells with those of the rows above spanning into it, each at its column: an hours
 * table's "We reply within 1 working day" (`rowspan="4"`) belongs to every day it stands beside.
 * Remembers the row's own spanning cells for the rows after it, but a header row's: those of a
 * two-level header head the row below, they are no value of it. Linear in the row's cells.
 */
function withSpanning(table: FrameOf<'table'>, own: Cell[]): Cell[] {
  for (const c of own) table.chars.own += c.text.length;
  const row: Cell[] = [];
  let next = 0;
  for (;;) {
    const above = table.spanning.get(row.length);
    if (above) table.chars.carried += above.cell.text.length;
    // A hostile table (a long cell spanning a hundred empty rows) repeats no more than its text.
    if (table.chars.carried > table.chars.own + CARRY_ALLOWANCE) table.spanning.clear();
    const cell = above && table.spanning.size > 0 ? above.cell : own[next++];
    if (!cell) break;
    row.push(cell);
  }
  const headerRow = own.every((c) => c.th);
  const spanning: Spanning = new Map();
  row.forEach((cell, column) => {
    const above = table.spanning.get(column);
    if (above && above.left > 1) spanning.set(column, { cell, left: above.left - 1 });
    else if (!above && cell.rows > 1 && !headerRow)
      spanning.set(column, { cell, left: cell.rows - 1 });
  });
  table.spanning = spanning;
  return row;
}

/** A table's text: its caption (and text stray between its rows, shown before it), its rows. */
export function tableBlocks(table: FrameOf<'table'>): string[] {
  const rows = table.rows.length > 0 ? table.rows.join('\n') : (table.header ?? []).join(' | ');
  return [...table.blocks, rows];
}

/** A row ends (at the next `<tr>`, `</tr>` or the table's end): rendered with its header. */
export function endRow(table: FrameOf<'table'> | undefined): void {
  if (!table || table.row.length === 0) return;
  const row = withSpanning(table, table.row);
  table.row = [];
  if (table.header === null && table.rows.length === 0 && headsColumns(row)) {
    table.header = row.map((c) => c.text);
    return;
  }
  const line = formatRow(row, table.header);
  if (line) table.rows.push(line);
}
