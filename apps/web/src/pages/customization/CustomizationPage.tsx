import { greetingFor, type ThemeColorField } from '@docent/shared';
import * as Accordion from '@radix-ui/react-accordion';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { useSession } from '../../app/session.ts';
import { Button } from '../../components/Button.tsx';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { BOT_LIST_KEY } from '../../features/bots/bots.api.ts';
import { fetchGeneralSettings } from '../../features/knowledge/knowledge.api.ts';
import { NoBotSelected } from '../../features/knowledge/NoBotSelected.tsx';
import { ColorField } from '../../features/theme/ColorField.tsx';
import type { Rgba } from '../../features/theme/color.ts';
import { LogoChooser } from '../../features/theme/LogoChooser.tsx';
import { ThemePreview } from '../../features/theme/ThemePreview.tsx';
import {
  DEFAULT_COLORS,
  fetchTheme,
  HEX_ONLY,
  saveTheme,
  type ThemeColors,
} from '../../features/theme/theme.api.ts';
import { errorMessage } from '../../lib/api.ts';
import '../../features/theme/theme.css';

const FIELDS: { field: ThemeColorField; label: string }[] = [
  { field: 'header_color', label: 'AI Chatbot Header Color' },
  { field: 'agent_color', label: 'Agent Message Color' },
  { field: 'user_color', label: 'User Message Color' },
  { field: 'send_icon_color', label: 'Send Icon Color' },
  { field: 'chat_icon_color', label: 'Icon Color' },
];

/** /customization: the widget's colours and logo with a live preview (spec §2, §4). */
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
  const queryClient = useQueryClient();
  const theme = useQuery({
    queryKey: ['theme', botId],
    queryFn: () => fetchTheme(botId),
    staleTime: 0,
  });
  const settings = useQuery({
    queryKey: ['general-settings', botId],
    queryFn: () => fetchGeneralSettings(botId),
  });

  // Spec §4: the defaults show until the saved theme arrives.
  const [colors, setColors] = useState<ThemeColors>(DEFAULT_COLORS);
  const [savedLogo, setSavedLogo] = useState<string | null>(null);
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [openField, setOpenField] = useState<ThemeColorField | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!theme.data) return;
    setColors(theme.data.colors);
    setSavedLogo(theme.data.logoUrl);
  }, [theme.data]);

  // The local preview URL lives as long as the chosen file.
  useEffect(() => () => (logo ? URL.revokeObjectURL(logo.url) : undefined), [logo]);

  const close = useCallback(() => setOpenField(null), []);
  const setColor = (field: ThemeColorField) => (next: Rgba) =>
    setColors((c) => ({ ...c, [field]: next }));

  const chooseLogo = (file: File) => {
    setLogo({ file, url: URL.createObjectURL(file) });
    setRemoveLogo(false);
  };

  const previewLogo = logo?.url ?? (removeLogo ? null : savedLogo);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setOpenField(null);
    setSaving(true);
    try {
      const reply = await saveTheme(botId, colors, logo?.file ?? null, removeLogo && !logo);
      if (reply.hasError) {
        toast.error(reply.message);
        return;
      }
      toast.success(reply.message);
      setLogo(null);
      setRemoveLogo(false);
      await queryClient.invalidateQueries({ queryKey: ['theme', botId] });
      void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

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
            <form className="theme-form" onSubmit={onSubmit} noValidate>
              <div className="theme-form__head">
                <h3 className="theme-form__subtitle">Theme</h3>
                {theme.isPending && <Spinner size={16} label="Loading saved theme" />}
              </div>
              {/* Spec §8: a failed theme load keeps its message; the defaults stay. */}
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
                    value={colors[field]}
                    withAlpha={!HEX_ONLY.has(field)}
                    onChange={setColor(field)}
                    open={openField === field}
                    onToggle={() => setOpenField((f) => (f === field ? null : field))}
                    onClose={close}
                  />
                ))}
              </div>
              <LogoChooser
                fileName={logo?.file.name ?? (previewLogo ? 'Saved logo' : null)}
                previewUrl={previewLogo}
                onChoose={chooseLogo}
                onRemove={
                  logo
                    ? () => setLogo(null)
                    : savedLogo && !removeLogo
                      ? () => setRemoveLogo(true)
                      : null
                }
              />
              <div className="theme-form__actions">
                <Button
                  variant="ghost"
                  onClick={() => {
                    setColors(DEFAULT_COLORS);
                    setOpenField(null);
                  }}
                >
                  Reset colours
                </Button>
                <Button type="submit" loading={saving}>
                  Save Content
                </Button>
              </div>
            </form>
          </Accordion.Content>
        </Accordion.Item>
      </Accordion.Root>
      <section className="theme-layout__preview" aria-labelledby="preview-title">
        <h2 id="preview-title" className="theme-layout__preview-title">
          Live preview
        </h2>
        <ThemePreview
          colors={colors}
          logoUrl={previewLogo}
          title={settings.data?.agent_name || botName || 'AI Chatbot'}
          greeting={greeting}
        />
      </section>
    </div>
  );
}
