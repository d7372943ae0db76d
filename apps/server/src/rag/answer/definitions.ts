import { termSet } from './text.ts';

/**
 * Definition lines: the page's definition lists reach the text as `-t, --timeout <seconds>: How
 * long …` or `sync.interval: …` (ingest/extract/html-structure.ts), one definition per line, and
 * such a line is what a question naming the option, setting or term asks about.
 *
 * The head must look like a term: short, no sentence inside, not a comment or a table row.
 */
const HEAD = /^([-\p{L}\p{N}][^:|]{0,79}?):\s/u;
const MAX_HEAD_WORDS = 8;
/**
 * An item of a parameter or property list, as API references write them: the name, then its
 * type in angle brackets or braces (`- timeout <number> Seconds before …`, JSDoc's `retries
 * {number} How often …`). It defines the name.
 */
const PARAMETER =
  /^(?:[-*•]\s+)?([\p{L}_$][\p{L}\p{N}_$.-]*)\s+(?:<[^>\n]{1,60}>|\{[^}\n]{1,60}\})(?:\s|$)/u;
/**
 * Labels that introduce a value or a remark in reference pages (`Default: 30`, `Returns:
 * <boolean>`, `Type: string`, `Note: …`): the line states a fact about what the section is
 * about; it does not define the label's word.
 */
const VALUE_LABEL =
  /^(?:defaults?|returns?|type|since|added(?:\s+in)?|deprecated|stability|version|changes|notes?|warning|caution|important|tip|examples?|see(?:\s+also)?|usage|output)$/i;

const isValueLabel = (head: string) => VALUE_LABEL.test(head.replace(/^[-*•]\s+/, '').trim());

/** Whether a line states a labelled fact (`Default: 30`, `Added in: v0.1.100`), not prose. */
export function isValueLine(line: string): boolean {
  const head = HEAD.exec(line.trim())?.[1];
  return !!head && isValueLabel(head);
}

/** A table's row as extraction writes it, its cells joined by bars (`Version: v7.6.0 | Changes: …`). */
export const isTableRow = (line: string) => line.includes(' | ');

/** One cell of a table's row: its column's label ('' for a row's own header cell) and its text. */
export interface RowCell {
  label: string;
  value: string;
}

/** A cell's column label, as extraction writes a row: `Service: Full service | Price: €119`. */
const CELL_LABEL = /^([^:|\n]{1,40}?):\s(.*)$/s;

/** A table row's cells, each with its column's label, in order. */
export function rowCells(row: string): RowCell[] {
  return row.split(' | ').map((cell) => {
    const labelled = CELL_LABEL.exec(cell);
    return labelled
      ? { label: labelled[1] as string, value: labelled[2] as string }
      : { label: '', value: cell };
  });
}

/**
 * A table row's column labels and its cells' own words. Every row of a table repeats the
 * labels, so they say what the row is about (as a heading does), not what sets it apart.
 */
export function rowParts(cells: readonly RowCell[]): { labels: string; values: string } {
  return {
    labels: cells
      .filter((c) => c.label)
      .map((c) => c.label)
      .join('\n'),
    values: cells.map((c) => c.value).join(' | '),
  };
}

/**
 * The terms a table's row is keyed by: its first cell's own words (`Code: 2005 | Meaning: …`,
 * `Destination: Germany | Price: €0.072`), as a definition's head is. A row is about its first
 * cell the way a definition is about its term; a long first cell is text, not a key.
 */
export function rowKey(row: string): ReadonlySet<string> {
  const value = rowCells(row)[0]?.value ?? '';
  if (value.split(/\s+/).length > MAX_HEAD_WORDS) return new Set();
  return namedTerms(value);
}

/** The terms a definition line defines (`<placeholders>` name a value, not the term); else none. */
export function definedTerms(line: string): ReadonlySet<string> {
  // A table row names its columns, not a term.
  if (isTableRow(line)) return new Set();
  const parameter = PARAMETER.exec(line.trim())?.[1];
  if (parameter) return termSet(parameter);
  const head = HEAD.exec(line.trim())?.[1];
  if (
    !head ||
    isValueLabel(head) ||
    /[.!?]\s/.test(head) ||
    head.split(/\s+/).length > MAX_HEAD_WORDS
  )
    return new Set();
  return namedTerms(head.replace(/<[^>]*>/g, ' '));
}

/** A name written as code: an option or a dotted or joined name, no spaces (`hooks.before`). */
const CODE_NAME =
  /^(?:-{1,2}[\p{L}\p{N}][\p{L}\p{N}_.-]*|[\p{L}_][\p{L}\p{N}_]*(?:[._-][\p{L}\p{N}_]+)+)$/u;

/**
 * The terms a defined head names. A name written as code keeps the words the analysis drops as
 * stop words (`hooks.before`, `--no-verify`), marked so that no question's term is one of them:
 * `hooks.before` is not what "How long can my backup hook run?" asks about, `hooks.timeout` is.
 */
function namedTerms(head: string): ReadonlySet<string> {
  const names = head.split(/,\s*/).map((n) => n.trim().split(/\s+/)[0] ?? '');
  const out = new Set(termSet(head));
  // A name of stop words alone (`--all`) gives a question nothing to name it by: no definition.
  if (out.size === 0) return out;
  for (const name of names) {
    if (!CODE_NAME.test(name)) continue;
    for (const part of name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (part.length > 1 && termSet(part).size === 0) out.add(`(${part})`);
    }
  }
  return out;
}

/**
 * Whether a question, by the weights of its wanted terms, names what a line defines: every
 * defined term is wanted, together at least one topical word's worth (a definition of a common
 * word such as "move" says little about what is asked).
 */
export function namesDefinition(
  wanted: ReadonlyMap<string, number>,
  defines: ReadonlySet<string>,
): boolean {
  let weight = 0;
  for (const t of defines) {
    const w = wanted.get(t) ?? 0;
    if (w <= 0) return false;
    weight += w;
  }
  return weight >= 1;
}
