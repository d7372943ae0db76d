import { FileSpreadsheet, UploadCloud, X } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { FieldFrame } from '../../components/Field.tsx';
import type { CsvRow } from './csv-import.ts';
import { asQuestion } from './item-list.ts';
import type { LoadedCsv } from './use-csv-file.ts';

/** Where a .csv file is dropped or chosen. */
export function CsvDropZone({
  parsing,
  onFile,
}: {
  parsing: boolean;
  onFile: (file: File) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
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
          if (file) onFile(file);
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
  );
}

/** The chosen file: its name, rows and columns, and a way to remove it. */
export function CsvFileCard({ loaded, onRemove }: { loaded: LoadedCsv; onRemove: () => void }) {
  return (
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
        onClick={onRemove}
      >
        <X size={18} />
      </button>
    </div>
  );
}

/** The first rows as they will become Q&A pairs. */
export function CsvPreview({
  rows,
  question,
  answer,
}: {
  rows: CsvRow[];
  question: string;
  answer: string;
}) {
  return (
    <div className="kb-preview">
      <p className="kb-preview__title">Preview</p>
      <ul className="kb-items">
        {rows.map((row, i) => (
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
  );
}

export function ColumnSelect({
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
