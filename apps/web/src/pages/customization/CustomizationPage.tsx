import { greetingFor, type ThemeColorField } from '@docent/shared';
import * as Accordion from '@radix-ui/react-accordion';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { type FormEvent, useCallback, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { NoBotSelected } from '../../components/NoBotSelected.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { fetchGeneralSettings } from '../../features/bots/index.ts';
import {
  ColorField,
  ContrastWarning,
  HEX_ONLY,
  LogoChooser,
  type ThemeDraft,
  ThemePreview,
  useThemeDraft,
} from '../../features/theme/index.ts';
import { errorMessage } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import './customization.css';

const LABELS: Record<ThemeColorField, string> = {
  header_color: 'AI Chatbot Header Color',
  agent_color: 'Agent Message Color',
  user_color: 'User Message Color',
  send_icon_color: 'Send Icon Color',
  chat_icon_color: 'Icon Color',
};
const FIELDS = Object.entries(LABELS).map(([field, label]) => ({
  field: field as ThemeColorField,
  label,
}));

/** /customization: the widget's colours and logo with a live preview (docs/spec.md §2, §4). */
export function CustomizationPage() {
  const { bot_id: botId } = useSession();
  return (
    <ChatbotSideMenu>
      {botId ? <ThemeEditor key={botId} botId={botId} /> : <NoBotSelected />}
    </ChatbotSideMenu>
  );
}

function ThemeEditor({ botId }: { botId: string }) {
  const { bot_name: botName } = useSession();
  const draft = useThemeDraft(botId);
  const settings = useQuery({
    queryKey: ['general-settings', botId],
    queryFn: () => fetchGeneralSettings(botId),
  });
  const greeting = greetingFor({
    bot_name: botName ?? '',
    agent_name: settings.data?.agent_name ?? '',
    business_name: settings.data?.business_name ?? '',
  });
  return (
    <div className="theme-layout">
      <Accordion.Root type="single" collapsible defaultValue="branding" className="theme-accordion">
        <Accordion.Item value="branding" className="theme-accordion__item">
          <Accordion.Header asChild>
            <h2>
              <Accordion.Trigger className="theme-accordion__trigger">
                Branding Settings
                <ChevronDown size={20} aria-hidden="true" className="theme-accordion__chevron" />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="theme-accordion__content">
            <ThemeForm draft={draft} />
          </Accordion.Content>
        </Accordion.Item>
      </Accordion.Root>
      <section className="theme-layout__preview" aria-labelledby="preview-title">
        <h2 id="preview-title" className="theme-layout__preview-title">
          Live preview
        </h2>
        <ThemePreview
          colors={draft.colors}
          logoUrl={draft.previewLogo}
          title={settings.data?.agent_name || botName || 'AI Chatbot'}
          greeting={greeting}
        />
      </section>
    </div>
  );
}

/** The five colours (one picker open at a time), the header logo, reset and save. */
function ThemeForm({ draft }: { draft: ThemeDraft }) {
  const { theme } = draft;
  const [openField, setOpenField] = useState<ThemeColorField | null>(null);
  const close = useCallback(() => setOpenField(null), []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOpenField(null);
    void draft.save();
  };
  return (
    <form className="theme-form" onSubmit={onSubmit} noValidate>
      <div className="theme-form__head">
        <h3 className="theme-form__subtitle">Theme</h3>
        {theme.isPending && <Spinner size={16} label="Loading saved theme" />}
      </div>
      {/* docs/spec.md §8: a failed theme load keeps its message; the defaults stay. */}
      {theme.isError && (
        <p className="callout callout--warning" role="status">
          {errorMessage(theme.error)} The default theme is shown.
        </p>
      )}
      <div className="theme-form__grid">
        {FIELDS.map(({ field, label }) => (
          <ColorField
            key={field}
            label={label}
            value={draft.colors[field]}
            withAlpha={!HEX_ONLY.has(field)}
            onChange={draft.setColor(field)}
            open={openField === field}
            onToggle={() => setOpenField((f) => (f === field ? null : field))}
            onClose={close}
          />
        ))}
      </div>
      <ContrastWarning colors={draft.colors} labels={LABELS} />
      <LogoChooser
        fileName={draft.logoName}
        previewUrl={draft.previewLogo}
        onChoose={draft.chooseLogo}
        onRemove={draft.removeLogo}
      />
      <div className="theme-form__actions">
        <Button
          variant="ghost"
          onClick={() => {
            draft.resetColors();
            setOpenField(null);
          }}
        >
          Reset colours
        </Button>
        <Button type="submit" loading={draft.saving}>
          Save Content
        </Button>
      </div>
    </form>
  );
}
