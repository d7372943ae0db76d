import { FileText, X } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { fileSize } from './image-files.ts';

/** The PDF half of the upload screen: a drop button, or the chosen file with its size. */
export function PdfPicker({
  pdf,
  disabled,
  locked,
  onPick,
  onRemove,
}: {
  pdf: File | null;
  disabled: boolean;
  /** A transcript exists or is being read: the choice can no longer change. */
  locked: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file);
  };
  return (
    <div className={`md-picker${disabled && !pdf ? ' md-picker--disabled' : ''}`}>
      <h2 className="md-picker__title">PDF document</h2>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        disabled={disabled}
        onChange={onChange}
        data-testid="pdf-input"
      />
      {pdf ? (
        <div className="md-file">
          <span className="md-file__icon" aria-hidden="true">
            <FileText size={20} />
          </span>
          <div className="md-file__text">
            <p className="md-file__name">{pdf.name}</p>
            <p className="md-file__meta">{fileSize(pdf.size)}</p>
          </div>
          {!locked && (
            <button
              type="button"
              className="icon-button icon-button--danger"
              aria-label={`Remove ${pdf.name}`}
              title="Remove"
              onClick={onRemove}
            >
              <X size={17} />
            </button>
          )}
        </div>
      ) : (
        <button
          type="button"
          className="md-drop"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          <FileText size={26} aria-hidden="true" />
          <span className="md-drop__title">Choose a PDF</span>
          <span className="md-drop__hint">One .pdf file, up to 25 MB</span>
        </button>
      )}
    </div>
  );
}
