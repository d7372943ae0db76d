import { MESSAGES } from '@docent/shared';
import { useMemo, useState } from 'react';
import { type CsvRow, csvCharCount, parseCsvFile } from './csv-import.ts';

const CSV_ONLY = 'Please choose a .csv file';

export interface LoadedCsv {
  file: File;
  headers: string[];
  rows: CsvRow[];
}

/** The CSV being imported: its parsed rows, the two chosen columns and their character count. */
export function useCsvFile() {
  const [loaded, setLoaded] = useState<LoadedCsv | null>(null);
  const [parsing, setParsing] = useState(false);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');

  // docs/spec.md §4: summed over all rows, and back to zero whenever the file changes.
  const charCount = useMemo(
    () => (loaded ? csvCharCount(loaded.rows, question, answer) : 0),
    [loaded, question, answer],
  );

  const clear = () => {
    setLoaded(null);
    setQuestion('');
    setAnswer('');
  };

  const load = async (file: File) => {
    clear();
    if (!file.name.toLowerCase().endsWith('.csv')) return setError(CSV_ONLY);
    setError('');
    setParsing(true);
    try {
      const parsed = await parseCsvFile(file);
      if (parsed.rows.length === 0 || parsed.headers.length === 0) {
        return setError(MESSAGES.csvEmpty);
      }
      setLoaded({ file, ...parsed });
    } catch {
      // docs/spec.md §8: parse errors are only logged; the file simply yields no data.
      setError(MESSAGES.csvEmpty);
    } finally {
      setParsing(false);
    }
  };

  const remove = () => {
    clear();
    setError('');
  };

  return {
    loaded,
    parsing,
    question,
    setQuestion,
    answer,
    setAnswer,
    error,
    setError,
    charCount,
    load,
    remove,
  };
}
