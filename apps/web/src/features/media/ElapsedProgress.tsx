import { useEffect, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import './elapsed-progress.css';

/**
 * Progress of an extraction whose length is unknown (a large PDF, OCR of many images): an
 * indeterminate bar with the time so far, and a way out.
 */
export function ElapsedProgress({
  label,
  hint,
  onCancel,
}: {
  label: string;
  hint?: string;
  onCancel?: () => void;
}) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const s = Math.floor((now - started) / 1000);
  const elapsed = s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return (
    <div className="md-progress" role="status" aria-live="polite">
      <div className="md-progress__row">
        <Spinner size={18} />
        <div className="md-progress__text">
          <p className="md-progress__title">{label}</p>
          <p className="md-progress__meta">
            <span data-testid="elapsed">{elapsed} elapsed</span>
            {hint && <span>{hint}</span>}
          </p>
        </div>
        {onCancel && (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Stop
          </Button>
        )}
      </div>
      <div className="kb-progress__bar kb-progress__bar--indeterminate" aria-hidden="true">
        <div className="kb-progress__fill" />
      </div>
    </div>
  );
}
