import type { ThemeColorField } from '@docent/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api.ts';
import { BOT_LIST_KEY } from '../bots/index.ts';
import type { Rgba } from './color.ts';
import { DEFAULT_COLORS, fetchTheme, saveTheme, type ThemeRgba } from './theme.api.ts';

/**
 * A bot's theme being edited: the saved colours and logo once loaded (the defaults until then,
 * docs/spec.md §4), the changes not yet saved, and saving them.
 */
export function useThemeDraft(botId: string) {
  const queryClient = useQueryClient();
  const theme = useQuery({
    queryKey: ['theme', botId],
    queryFn: () => fetchTheme(botId),
    staleTime: 0,
  });
  const [colors, setColors] = useState<ThemeRgba>(DEFAULT_COLORS);
  const [savedLogo, setSavedLogo] = useState<string | null>(null);
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  const [dropLogo, setDropLogo] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!theme.data) return;
    setColors(theme.data.colors);
    setSavedLogo(theme.data.logoUrl);
  }, [theme.data]);

  // The local preview URL lives as long as the chosen file.
  useEffect(() => () => (logo ? URL.revokeObjectURL(logo.url) : undefined), [logo]);

  const setColor = (field: ThemeColorField) => (next: Rgba) =>
    setColors((c) => ({ ...c, [field]: next }));
  const chooseLogo = (file: File) => {
    setLogo({ file, url: URL.createObjectURL(file) });
    setDropLogo(false);
  };
  const previewLogo = logo?.url ?? (dropLogo ? null : savedLogo);
  const removeLogo = logo
    ? () => setLogo(null)
    : savedLogo && !dropLogo
      ? () => setDropLogo(true)
      : null;

  const save = async () => {
    setSaving(true);
    try {
      const reply = await saveTheme(botId, colors, logo?.file ?? null, dropLogo && !logo);
      toast.success(reply.message);
      setLogo(null);
      setDropLogo(false);
      await queryClient.invalidateQueries({ queryKey: ['theme', botId] });
      void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return {
    theme,
    colors,
    setColor,
    resetColors: () => setColors(DEFAULT_COLORS),
    logoName: logo?.file.name ?? (previewLogo ? 'Saved logo' : null),
    previewLogo,
    chooseLogo,
    removeLogo,
    save,
    saving,
  };
}

export type ThemeDraft = ReturnType<typeof useThemeDraft>;
