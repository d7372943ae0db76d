import {
  BOT_NAME_MAX,
  BOT_NAME_MESSAGES,
  cleanBotName,
  type GeneralSettings,
  SETTINGS_LIMITS,
} from '@docent/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Type } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { TextField } from '../../components/Field.tsx';
import { NoBotSelected } from '../../components/NoBotSelected.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import {
  BOT_LIST_KEY,
  fetchGeneralSettings,
  saveGeneralSettings,
} from '../../features/bots/index.ts';
import { AllowedDomains, WidgetBudget } from '../../features/embed/index.ts';
import { errorMessage } from '../../lib/api.ts';
import { getSession, setSession, useSession } from '../../lib/session.ts';
import './settings.css';

/** /chatbot-settings: AI General Settings of the stored bot (docs/spec.md §2, §7). */
export function ChatbotSettingsPage() {
  const { bot_id: botId } = useSession();
  return (
    <ChatbotSideMenu>
      {botId ? (
        <>
          <SettingsForm key={botId} botId={botId} />
          <AllowedDomains key={`domains-${botId}`} botId={botId} />
          <WidgetBudget key={`budget-${botId}`} botId={botId} />
        </>
      ) : (
        <NoBotSelected />
      )}
    </ChatbotSideMenu>
  );
}

function SettingsForm({ botId }: { botId: string }) {
  const query = useQuery({
    queryKey: ['general-settings', botId],
    queryFn: () => fetchGeneralSettings(botId),
    staleTime: 0,
  });
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
  return <SettingsEditor botId={botId} settings={query.data} />;
}

type Editable = Pick<GeneralSettings, 'bot_name' | 'agent_name' | 'business_name' | 'base_prompt'>;
const editable = (s: GeneralSettings): Editable => ({
  bot_name: s.bot_name,
  agent_name: s.agent_name,
  business_name: s.business_name,
  base_prompt: s.base_prompt,
});

/** The saved bot's name shows everywhere at once: the chatbot heading and the bot cards. */
function showSaved(saved: GeneralSettings, queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.setQueryData<GeneralSettings>(['general-settings', saved.bot_id], saved);
  if (getSession().bot_id === saved.bot_id) setSession({ bot_name: saved.bot_name });
  void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
}

/** Saves the form; a blank name is refused here, with the server's message, before any call. */
function useSaveSettings(botId: string, values: Editable) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [nameError, setNameError] = useState('');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const name = cleanBotName(values.bot_name);
    if (!name) {
      setNameError(BOT_NAME_MESSAGES.required);
      return document.getElementById('settings-bot-name')?.focus();
    }
    setNameError('');
    setSaving(true);
    try {
      const reply = await saveGeneralSettings(botId, { ...values, bot_name: name });
      toast.success(reply.message || 'Settings saved');
      showSaved(reply.response, queryClient);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return { saving, nameError, onSubmit };
}

function SettingsEditor({ botId, settings }: { botId: string; settings: GeneralSettings }) {
  const [values, setValues] = useState<Editable>(() => editable(settings));
  const { saving, nameError, onSubmit } = useSaveSettings(botId, values);
  // A refetch (the page regains focus) shows what is saved.
  useEffect(() => setValues(editable(settings)), [settings]);

  const set = (field: keyof Editable) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));

  return (
    <section className="panel kb-panel kb-settings" aria-labelledby="settings-title">
      <div>
        <h2 className="kb-panel__title" id="settings-title">
          AI General Settings
        </h2>
        <p className="kb-panel__subtitle">How your chatbot introduces itself and how it answers.</p>
      </div>
      <TotalChars value={settings.total_chars} />
      <form className="kb-form" onSubmit={onSubmit} noValidate>
        <TextField
          id="settings-bot-name"
          label="Chatbot Name"
          name="bot_name"
          maxLength={BOT_NAME_MAX}
          autoComplete="off"
          value={values.bot_name}
          error={nameError}
          hint="Shown on your dashboard, at the top of the chatbot's pages and as the full-page chat's title."
          onChange={(e) => set('bot_name')(e.target.value)}
        />
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

function TotalChars({ value }: { value: number }) {
  return (
    <div className="kb-total">
      <span className="kb-total__icon" aria-hidden="true">
        <Type size={20} />
      </span>
      <dl>
        <dt className="kb-total__label">Total Characters</dt>
        <dd className="kb-total__value" data-testid="total-chars">
          {value.toLocaleString('en-US')}
        </dd>
      </dl>
    </div>
  );
}
