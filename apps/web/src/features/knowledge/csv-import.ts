import Papa from 'papaparse';

export type CsvRow = Record<string, string | undefined>;

export interface ParsedCsv {
  headers: string[];
  rows: CsvRow[];
}

/** docs/spec.md §4: parsed locally with a header row, empty lines skipped. */
export function parseCsvFile(file: Blob): Promise<ParsedCsv> {
  return new Promise((resolve, reject) => {
    Papa.parse<CsvRow>(file as File, {
      header: true,
      skipEmptyLines: true,
      complete: (result) => {
        const headers = (result.meta.fields ?? []).filter((name) => name.trim() !== '');
        resolve({ headers, rows: result.data });
      },
      error: (error) => reject(error),
    });
  });
}

/** docs/spec.md §9: summed lengths of the chosen column cells across all rows. */
export function csvCharCount(rows: readonly CsvRow[], question: string, answer: string): number {
  let total = 0;
  for (const row of rows) {
    if (question) total += (row[question] ?? '').length;
    if (answer) total += (row[answer] ?? '').length;
  }
  return total;
}
