import { SETTINGS_LIMITS } from '@docent/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Type } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { useSession } from '../../app/session.ts';
import { Button } from '../../components/Button.tsx';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { TextField } from '../../components/Field.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { AllowedDomains } from '../../features/embed/AllowedDomains.tsx';
import {
  fetchGeneralSettings,
  type GeneralSettings,
  saveGeneralSettings,
} from '../../features/knowledge/knowledge.api.ts';
import { NoBotSelected } from '../../features/knowledge/NoBotSelected.tsx';
import { TextAreaField } from '../../features/knowledge/TextAreaField.tsx';
import { errorMessage } from '../../lib/api.ts';
import '../../features/knowledge/knowledge.css';
import './settings.css';

/** /chatbot-settings: AI General Settings of the stored bot (spec §2, §7). */
export function ChatbotSettingsPage() {
  const { bot_id: botId } = useSession();
  return (
    <ChatbotSideMenu>
      {botId ? (
        <>
          <SettingsForm key={botId} botId={botId} />
          <AllowedDomains key={`domains-${botId}`} botId={botId} />
        </>
      ) : (
        <NoBotSelected />
      )}
    </ChatbotSideMenu>
  );
}

function SettingsForm({ botId }: { botId: string }) {
  const queryClient = useQueryClient();
  const key = ['general-settings', botId];
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchGeneralSettings(botId),
    staleTime: 0,
  });
  const [values, setValues] = useState({ agent_name: '', business_name: '', base_prompt: '' });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (query.data) {
      const { agent_name, business_name, base_prompt } = query.data;
      setValues({ agent_name, business_name, base_prompt });
    }
  }, [query.data]);

  const set = (field: keyof typeof values) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const reply = await saveGeneralSettings(botId, values);
      if (reply.hasError) toast.error(reply.message);
      else {
        toast.success(reply.message || 'Settings saved');
        queryClient.setQueryData<GeneralSettings>(key, (old) =>
          old ? { ...old, ...values } : old,
        );
      }
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  if (query.isPending) {
    return (
      <section className="panel card__loading">
        <Spinner size={28} label="Loading settings" />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="panel">
        <p className="form-error" role="alert">
          {errorMessage(query.error)}
        </p>
      </section>
    );
  }

  return (
    <section className="panel kb-panel kb-settings" aria-labelledby="settings-title">
      <div>
        <h2 className="kb-panel__title" id="settings-title">
          AI General Settings
        </h2>
        <p className="kb-panel__subtitle">How your chatbot introduces itself and how it answers.</p>
      </div>
      <div className="kb-total">
        <span className="kb-total__icon" aria-hidden="true">
          <Type size={20} />
        </span>
        <dl>
          <dt className="kb-total__label">Total Characters</dt>
          <dd className="kb-total__value" data-testid="total-chars">
            {query.data.total_chars.toLocaleString('en-US')}
          </dd>
        </dl>
      </div>
      <form className="kb-form" onSubmit={onSubmit} noValidate>
        <div className="form__grid-2">
          <TextField
            label="Agent Name"
            name="agent_name"
            placeholder="e.g. Ava"
            maxLength={SETTINGS_LIMITS.agent_name}
            value={values.agent_name}
            onChange={(e) => set('agent_name')(e.target.value)}
          />
          <TextField
            label="Business Name"
            name="business_name"
            placeholder="e.g. Acme Outdoor"
            maxLength={SETTINGS_LIMITS.business_name}
            value={values.business_name}
            onChange={(e) => set('business_name')(e.target.value)}
          />
        </div>
        <TextAreaField
          label="Base Prompt"
          name="base_prompt"
          placeholder="e.g. You are a friendly support agent. Answer briefly and only from our content."
          rows={7}
          maxLength={SETTINGS_LIMITS.base_prompt}
          value={values.base_prompt}
          meta={`${values.base_prompt.length} / ${SETTINGS_LIMITS.base_prompt}`}
          onChange={(e) => set('base_prompt')(e.target.value)}
        />
        <div className="kb-form__actions">
          <div className="kb-form__actions-end">
            <Button type="submit" loading={saving}>
              Save Settings
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}
