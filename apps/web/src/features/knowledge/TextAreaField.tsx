import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';

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
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <textarea
        id={inputId}
        className="input textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...rest}
      />
      {(error || meta) && (
        <div className="kb-field-meta">
          {error ? (
            <p className="field__error" id={`${inputId}-error`} role="alert">
              {error}
            </p>
          ) : (
            <span />
          )}
          {meta && <span>{meta}</span>}
        </div>
      )}
    </div>
  );
}
