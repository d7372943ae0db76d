import { Check } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  clampAlpha,
  PRESET_SWATCHES,
  parseColor,
  type Rgba,
  readableTextOn,
  rgba,
  sameColor,
  toHex,
} from './color.ts';
import './color-picker.css';

/** The picker panel: 15 preset swatches, a hex box, and R/G/B(/A) number inputs. */
export function ColorPicker({
  value,
  onChange,
  withAlpha,
  label,
}: {
  value: Rgba;
  onChange: (next: Rgba) => void;
  withAlpha: boolean;
  label: string;
}) {
  const id = useId();
  const [hex, setHex] = useState(toHex(value));
  useEffect(() => setHex(toHex(value)), [value]);

  const setChannel = (key: keyof Rgba, raw: string) => {
    const n = Number(raw);
    if (raw === '' || Number.isNaN(n)) return;
    const next = { ...value, [key]: n };
    onChange(key === 'a' ? { ...next, a: clampAlpha(n) } : rgba(next.r, next.g, next.b, next.a));
  };

  const onHex = (raw: string) => {
    setHex(raw);
    const parsed = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(raw.trim()) ? parseColor(raw) : null;
    if (parsed) onChange({ ...parsed, a: value.a });
  };

  return (
    <div className="color-picker" role="dialog" aria-label={`${label} picker`}>
      <Swatches value={value} onChange={onChange} />
      <div className="color-picker__inputs">
        <label className="color-picker__hex" htmlFor={`${id}-hex`}>
          <span>Hex</span>
          <input
            id={`${id}-hex`}
            className="input"
            value={hex}
            maxLength={7}
            spellCheck={false}
            onChange={(e) => onHex(e.target.value)}
            onBlur={() => setHex(toHex(value))}
          />
        </label>
        {(['r', 'g', 'b', ...(withAlpha ? ['a'] : [])] as (keyof Rgba)[]).map((key) => (
          <label key={key} className="color-picker__channel" htmlFor={`${id}-${key}`}>
            <span>{key.toUpperCase()}</span>
            <input
              id={`${id}-${key}`}
              className="input"
              type="number"
              inputMode="decimal"
              min={0}
              max={key === 'a' ? 1 : 255}
              step={key === 'a' ? 0.05 : 1}
              value={value[key]}
              onChange={(e) => setChannel(key, e.target.value)}
            />
          </label>
        ))}
      </div>
      <label className="color-picker__native">
        <input
          type="color"
          value={toHex(value).toLowerCase()}
          onChange={(e) => {
            const parsed = parseColor(e.target.value);
            if (parsed) onChange({ ...parsed, a: value.a });
          }}
        />
        <span>Custom colour…</span>
      </label>
    </div>
  );
}

/** The 15 preset colours; choosing one keeps the current alpha. */
function Swatches({ value, onChange }: { value: Rgba; onChange: (next: Rgba) => void }) {
  return (
    <fieldset className="color-picker__swatches">
      <legend className="sr-only">Preset colours</legend>
      {PRESET_SWATCHES.map((swatch) => {
        const color = parseColor(swatch) as Rgba;
        const selected = sameColor({ ...color, a: value.a }, value);
        return (
          <button
            key={swatch}
            type="button"
            className="color-picker__swatch"
            style={{ background: swatch }}
            aria-label={`Use ${swatch}`}
            aria-pressed={selected}
            title={swatch}
            onClick={() => onChange({ ...color, a: value.a })}
          >
            {selected && <Check size={14} color={readableTextOn(color)} aria-hidden="true" />}
          </button>
        );
      })}
    </fieldset>
  );
}
