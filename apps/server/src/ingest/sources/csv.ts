import { MESSAGES } from '@docent/shared';
import Papa from 'papaparse';
import type { QaSourceInput } from './qa.ts';

export type CsvParseResult =
  | { ok: true; pairs: QaSourceInput['pairs']; headers: string[] }
  | { ok: false; message: string };

/**
 * Reads a Q&A CSV the way the import screen shows it: the first row names the columns, empty
 * lines are skipped, quoted fields may span lines. Rows missing a question or an answer in the
 * chosen columns are left out.
 */
export function parseQaCsv(
  text: string,
  questionColumn: string,
  answerColumn: string,
): CsvParseResult {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const headers = (parsed.meta.fields ?? []).filter((h) => h !== '');
  if (parsed.data.length === 0 || headers.length === 0) {
    return { ok: false, message: MESSAGES.csvEmpty };
  }
  const q = questionColumn.trim();
  const a = answerColumn.trim();
  if (!headers.includes(q) || !headers.includes(a)) {
    return { ok: false, message: MESSAGES.csvSelectColumns };
  }
  const pairs: QaSourceInput['pairs'] = [];
  for (const row of parsed.data) {
    const question = (row[q] ?? '').trim();
    const answer = (row[a] ?? '').trim();
    if (question && answer) pairs.push({ question, answer });
  }
  if (pairs.length === 0) return { ok: false, message: MESSAGES.csvEmpty };
  return { ok: true, pairs, headers };
}

/** A CSV upload must be text: UTF-8 without NUL bytes (a binary file is refused by content). */
export function decodeCsv(buffer: Buffer): string | null {
  if (buffer.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return null;
  }
}
