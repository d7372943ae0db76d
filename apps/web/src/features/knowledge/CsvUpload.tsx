import { MESSAGES } from '@docent/shared';
import { FileSpreadsheet, UploadCloud, X } from 'lucide-react';
import { type DragEvent, useId, useMemo, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { FieldFrame, FormError } from '../../components/Field.tsx';
import { type CsvRow, csvCharCount, parseCsvFile } from './csv-import.ts';
import type { KnowledgeFlow } from './flows.ts';
import { asQuestion } from './item-list.ts';
import { KnowledgeFrame, RouteTabs } from './KnowledgeFrame.tsx';
import { importCsv } from './knowledge.api.ts';
import { questionTabs } from './QuestionForm.tsx';
import { useTraining } from './use-training.tsx';
import './csv-upload.css';

const CSV_ONLY = 'Please choose a .csv file';

interface Loaded {
  file: File;
  headers: string[];
  rows: CsvRow[];
}

/** /question-file-upload and /datasource/csvupload: import Q&A pairs from two CSV columns. */
export function CsvUpload({ flow }: { flow: KnowledgeFlow }) {
  const ids = useId();
  const { train, busy, dialog } = useTraining();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [parsing, setParsing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');

  // Spec §4: summed over all rows, and back to zero whenever the file changes.
  const charCount = useMemo(
    () => (loaded ? csvCharCount(loaded.rows, question, answer) : 0),
    [loaded, question, answer],
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setLoaded(null);
    setQuestion('');
    setAnswer('');
    if (!file.name.toLowerCase().endsWith('.csv')) return setError(CSV_ONLY);
    setError('');
    setParsing(true);
    try {
      const parsed = await parseCsvFile(file);
      if (parsed.rows.length === 0 || parsed.headers.length === 0)
        return setError(MESSAGES.csvEmpty);
      setLoaded({ file, ...parsed });
    } catch {
      // Spec §8: parse errors are only logged; the file simply yields no data.
      setError(MESSAGES.csvEmpty);
    } finally {
      setParsing(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void onFile(event.dataTransfer.files[0]);
  };

  const onCreate = () => {
    if (!loaded) return setError(MESSAGES.selectFile);
    if (!question || !answer) return setError(MESSAGES.csvSelectColumns);
    setError('');
    const payload = { file: loaded.file, questions: question, answers: answer, charCount };
    void train((botId) => importCsv(payload, botId));
  };

  const sample = loaded && question && answer ? loaded.rows.slice(0, 3) : [];

  return (
    <KnowledgeFrame
      flow={flow}
      title="Questions & Answers"
      description="Import Q&A pairs from a spreadsheet saved as .csv with a header row."
      back={{ to: flow.questionBack, label: 'Back' }}
    >
      <section className="panel kb-panel" aria-label="Import Q&A from a CSV file">
        <RouteTabs label="How to add Q&A" current={flow.csvUpload} tabs={questionTabs(flow)} />

        {loaded ? (
          <div className="kb-file">
            <span className="kb-item__icon" aria-hidden="true">
              <FileSpreadsheet size={18} />
            </span>
            <div>
              <p className="kb-file__name">{loaded.file.name}</p>
              <p className="kb-file__meta">
                {loaded.rows.length} rows · {loaded.headers.length} columns
              </p>
            </div>
            <button
              type="button"
              className="icon-button icon-button--danger"
              aria-label="Remove file"
              title="Remove file"
              onClick={() => {
                setLoaded(null);
                setQuestion('');
                setAnswer('');
                setError('');
              }}
            >
              <X size={18} />
            </button>
          </div>
        ) : (
          <label
            className={`kb-drop${dragging ? ' kb-drop--active' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <input
              type="file"
              accept=".csv,text/csv"
              aria-label="Upload .csv file"
              data-testid="csv-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                void onFile(file);
              }}
            />
            <span className="kb-drop__icon" aria-hidden="true">
              <UploadCloud size={26} />
            </span>
            <span className="kb-drop__title">
              {parsing ? 'Reading your file…' : 'Upload a .csv file'}
            </span>
            <span className="kb-drop__hint">
              Drag it here or click to browse. The first row must name the columns.
            </span>
          </label>
        )}

        <div className="form__grid-2">
          <ColumnSelect
            id={`${ids}-question`}
            label="Question column"
            headers={loaded?.headers ?? []}
            value={question}
            onChange={setQuestion}
          />
          <ColumnSelect
            id={`${ids}-answer`}
            label="Answer column"
            headers={loaded?.headers ?? []}
            value={answer}
            onChange={setAnswer}
          />
        </div>

        {sample.length > 0 && (
          <div className="kb-preview">
            <p className="kb-preview__title">Preview</p>
            <ul className="kb-items">
              {sample.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond order
                <li key={i} className="kb-item kb-item--compact">
                  <span className="kb-item__icon" aria-hidden="true">
                    <FileSpreadsheet size={16} />
                  </span>
                  <div>
                    <p className="kb-item__title">{asQuestion(row[question] ?? '')}</p>
                    <p className="kb-item__content">{row[answer] ?? ''}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}

        <FormError message={error} />

        <footer className="kb-footer">
          <p className="kb-count" data-testid="char-count">
            Characters <strong>{charCount}</strong>
          </p>
          <div className="kb-footer__actions">
            <Button onClick={onCreate} loading={busy || parsing}>
              Create QA
            </Button>
          </div>
        </footer>
      </section>
      {dialog}
    </KnowledgeFrame>
  );
}

function ColumnSelect({
  id,
  label,
  headers,
  value,
  onChange,
}: {
  id: string;
  label: string;
  headers: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FieldFrame inputId={id} label={label}>
      <select
        id={id}
        className="input kb-select"
        value={value}
        disabled={headers.length === 0}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Select an option</option>
        {headers.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
