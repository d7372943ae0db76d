import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { errorAria, FieldError, FieldFrame } from './Field.tsx';

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  /** Shown under the box, right-aligned (e.g. a character count). */
  meta?: ReactNode;
}

/** A labelled multi-line field matching the shared TextField. */
export function TextAreaField({ label, error, meta, id, className, ...rest }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame inputId={inputId} label={label} className={className}>
      <textarea id={inputId} className="input textarea" {...errorAria(inputId, error)} {...rest} />
      {(error || meta) && (
        <div className="kb-field-meta">
          {error ? <FieldError inputId={inputId} error={error} /> : <span />}
          {meta && <span>{meta}</span>}
        </div>
      )}
    </FieldFrame>
  );
}
