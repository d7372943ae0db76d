import type { BotListItem } from '@docent/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { formatDay } from './format.ts';
import { customRangeError, type DayRange, PRESETS, type Preset, todayIn } from './range.ts';
import type { AnalyticsParams } from './use-analytics-params.ts';

interface Props {
  bots: BotListItem[];
  params: AnalyticsParams;
  onBot: (botId: string) => void;
  onPreset: (days: Preset) => void;
  onCustom: (from: string, to: string) => void;
  /** Knowledge gaps are not counted over a range: their view picks the bot only. */
  withRange: boolean;
}

/** Which chatbot (or all of them) and, for the figures, which local days the page counts. */
export function AnalyticsFilters(props: Props) {
  const { bots, params, onBot, withRange } = props;
  const id = useId();
  const [customOpen, setCustomOpen] = useState(params.preset === 'custom');
  const showCustom = customOpen || params.preset === 'custom';
  return (
    <div className="an-filters">
      <div className="an-filters__row">
        {bots.length > 1 && (
          <div className="an-filters__bot">
            <label className="field__label" htmlFor={`${id}-bot`}>
              Chatbot
            </label>
            <select
              id={`${id}-bot`}
              className="input"
              value={params.botId}
              onChange={(e) => onBot(e.target.value)}
            >
              <option value="">All chatbots</option>
              {bots.map((b) => (
                <option key={b.bot_id} value={b.bot_id}>
                  {b.bot_name}
                </option>
              ))}
            </select>
          </div>
        )}
        {withRange && (
          <RangePicker
            preset={params.preset}
            customOpen={showCustom}
            onPreset={(days) => {
              setCustomOpen(false);
              props.onPreset(days);
            }}
            onCustom={() => setCustomOpen(true)}
          />
        )}
      </div>
      {withRange && showCustom && <CustomRange range={params.range} onApply={props.onCustom} />}
      {withRange && (
        <p className="an-filters__caption">
          {formatDay(params.range.from, true)} – {formatDay(params.range.to, true)}, days as they
          fall in your time zone ({params.range.tz}).
        </p>
      )}
    </div>
  );
}

function RangePicker({
  preset,
  customOpen,
  onPreset,
  onCustom,
}: {
  preset: AnalyticsParams['preset'];
  customOpen: boolean;
  onPreset: (days: Preset) => void;
  onCustom: () => void;
}) {
  return (
    <fieldset className="an-range">
      <legend className="field__label">Date range</legend>
      <div className="an-range__buttons">
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className="an-range__button"
            aria-pressed={preset === days && !customOpen}
            onClick={() => onPreset(days)}
          >
            {days} days
          </button>
        ))}
        <button
          type="button"
          className="an-range__button"
          aria-pressed={customOpen}
          onClick={onCustom}
        >
          Custom
        </button>
      </div>
    </fieldset>
  );
}

function CustomRange({
  range,
  onApply,
}: {
  range: DayRange;
  onApply: (from: string, to: string) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState('');
  const today = todayIn(range.tz);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = customRangeError(from, to);
    setError(problem ?? '');
    if (!problem) onApply(from, to);
  };
  return (
    <form className="an-custom" onSubmit={submit} noValidate aria-label="Custom date range">
      <div className="an-custom__field">
        <label className="field__label" htmlFor={`${id}-from`}>
          From
        </label>
        <input
          id={`${id}-from`}
          className="input"
          type="date"
          value={from}
          max={to || today}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="an-custom__field">
        <label className="field__label" htmlFor={`${id}-to`}>
          To
        </label>
        <input
          id={`${id}-to`}
          className="input"
          type="date"
          value={to}
          min={from}
          max={today}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
      {error && (
        <p className="field__error an-custom__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
