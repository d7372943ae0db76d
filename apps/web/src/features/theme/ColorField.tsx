import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { ColorPicker } from './ColorPicker.tsx';
import { type Rgba, toHex, toRgbaString } from './color.ts';
import './color-field.css';

/**
 * One colour field (docs/spec.md §2 customization): clicking it toggles its picker; a click outside
 * (or Escape) closes it.
 */
export function ColorField({
  label,
  value,
  onChange,
  withAlpha,
  open,
  onToggle,
  onClose,
}: {
  label: string;
  value: Rgba;
  onChange: (next: Rgba) => void;
  withAlpha: boolean;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  const shown = withAlpha ? toRgbaString(value) : toHex(value);
  return (
    <div className="color-field" ref={root}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={trigger}
        type="button"
        className={`color-field__trigger${open ? ' color-field__trigger--open' : ''}`}
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={onToggle}
        title={shown}
        data-testid={`color-field-${label}`}
      >
        <span className="color-field__chip" aria-hidden="true">
          <span style={{ background: toRgbaString(value) }} />
        </span>
        <span className="color-field__value" id={`${id}-value`}>
          {shown}
        </span>
        <ChevronDown size={16} className="color-field__chevron" aria-hidden="true" />
      </button>
      {open && (
        <div className="color-field__popover">
          <ColorPicker value={value} onChange={onChange} withAlpha={withAlpha} label={label} />
        </div>
      )}
    </div>
  );
}
