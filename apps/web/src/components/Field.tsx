import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** The label and wrapper every field shares; `className` is added to the wrapper. */
export function FieldFrame({
  inputId,
  label,
  className,
  children,
}: {
  inputId: string;
  label: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** Marks a control invalid and points it at its error message (see FieldError). */
export function errorAria(inputId: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${inputId}-error` : undefined,
  } as const;
}

export function FieldError({ inputId, error }: { inputId: string; error: string }) {
  return (
    <p className="field__error" id={`${inputId}-error`} role="alert">
      {error}
    </p>
  );
}

export function TextField({ label, hint, error, id, className, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame inputId={inputId} label={label} className={className}>
      <input id={inputId} className="input" {...errorAria(inputId, error)} {...rest} />
      {error ? (
        <FieldError inputId={inputId} error={error} />
      ) : (
        hint && <p className="field__hint">{hint}</p>
      )}
    </FieldFrame>
  );
}

/** A password input with its show/hide toggle (docs/spec.md §2). */
export function PasswordField({ label, error, id, className, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame inputId={inputId} label={label} className={className}>
      <div className="input-affix">
        <input
          id={inputId}
          className="input"
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          {...rest}
        />
        <button
          type="button"
          className="input-affix__button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
        >
          {visible ? <EyeOff size={18} /> : <Eye size={18} />}
        </button>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </FieldFrame>
  );
}

export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
