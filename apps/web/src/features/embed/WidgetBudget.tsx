import {
  WIDGET_BUDGET_MAX,
  WIDGET_MESSAGES,
  type WidgetBudgetBody,
  type WidgetBudgetResponse,
} from '@docent/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { api, errorMessage } from '../../lib/api.ts';
import './widget-budget.css';

async function fetchBudget(botId: string): Promise<WidgetBudgetResponse> {
  const reply = await api<WidgetBudgetResponse>(
    `settings/widget-budget/${encodeURIComponent(botId)}`,
  );
  return reply.response;
}

/** A whole number in range, or the message to show. */
function parseBudget(text: string): number | string {
  const value = Number(text.trim());
  const valid = /^\d+$/.test(text.trim()) && value >= 1 && value <= WIDGET_BUDGET_MAX;
  return valid ? value : WIDGET_MESSAGES.budgetInvalid;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * 'Widget message budget' of /chatbot-settings: how many messages per minute all visitors
 * together may send (no single network gets more than a fair share), and when it last ran out.
 */
export function WidgetBudget({ botId }: { botId: string }) {
  const query = useQuery({
    queryKey: ['widget-budget', botId],
    queryFn: () => fetchBudget(botId),
    staleTime: 0,
  });
  return (
    <section className="panel kb-panel budget" aria-labelledby="budget-title">
      <div>
        <h2 className="kb-panel__title" id="budget-title">
          Widget message budget
        </h2>
        <p className="kb-panel__subtitle">
          How many messages all visitors together may send your chat widget per minute. No single
          network can use more than a fair share of it.
        </p>
      </div>
      {query.isPending ? (
        <Spinner size={22} label="Loading the widget budget" />
      ) : query.isError || !query.data ? (
        <p className="form-error" role="alert">
          {query.isError ? errorMessage(query.error) : WIDGET_MESSAGES.botNotFound}
        </p>
      ) : (
        <BudgetForm botId={botId} data={query.data} />
      )}
    </section>
  );
}

function BudgetForm({ botId, data }: { botId: string; data: WidgetBudgetResponse }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(String(data.messages_per_minute));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => setDraft(String(data.messages_per_minute)), [data.messages_per_minute]);

  const save = async (value: number | null) => {
    setSaving(true);
    try {
      const reply = await api<WidgetBudgetResponse>('settings/widget-budget', {
        json: { bot_id: botId, messages_per_minute: value } satisfies WidgetBudgetBody,
      });
      // A refusal rejects (ApiError); a 2xx reply always carries the saved budget.
      toast.success(reply.message || WIDGET_MESSAGES.budgetSaved);
      queryClient.setQueryData(['widget-budget', botId], reply.response);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseBudget(draft);
    if (typeof value === 'string') setError(value);
    else void save(value);
  };

  return (
    <form className="budget__form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Messages per minute"
        name="messages_per_minute"
        inputMode="numeric"
        value={draft}
        error={error}
        hint={`Default: ${data.default_messages_per_minute.toLocaleString('en-US')}`}
        onChange={(e) => {
          setDraft(e.target.value);
          setError('');
        }}
      />
      <p className="budget__status" data-testid="budget-last-reached">
        <Gauge size={16} aria-hidden="true" />
        {data.last_reached_at
          ? `Last reached: ${when(data.last_reached_at)}`
          : 'Not reached so far.'}
      </p>
      <div className="kb-form__actions">
        <div className="kb-form__actions-end">
          {data.custom && (
            <Button variant="secondary" disabled={saving} onClick={() => save(null)}>
              Use Default
            </Button>
          )}
          <Button type="submit" loading={saving}>
            Save Budget
          </Button>
        </div>
      </div>
    </form>
  );
}
