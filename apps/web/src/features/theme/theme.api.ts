import {
  HEX_FIELDS,
  PAGE_SCHEMES,
  safeHref,
  THEME_DEFAULTS,
  type ThemeColorField,
  type ThemeSaveJson,
  type ThemeSettingsResponse,
} from '@docent/shared';
import { api } from '../../lib/api.ts';
import { parseColor, type Rgba, toHex, toRgbaString } from './color.ts';

/** A theme being edited: each colour parsed into its channels (the colour picker works on them). */
export type ThemeRgba = Record<ThemeColorField, Rgba>;

/** Header, agent and user colours are saved as rgba(); the two icon colours as hex (docs/spec.md §3). */
export const HEX_ONLY: ReadonlySet<ThemeColorField> = new Set(HEX_FIELDS);

export const DEFAULT_COLORS: ThemeRgba = toColors(THEME_DEFAULTS);

export function toColors(data: Partial<Record<ThemeColorField, string>>): ThemeRgba {
  const pick = (field: ThemeColorField) =>
    parseColor(data[field]) ?? (parseColor(THEME_DEFAULTS[field]) as Rgba);
  return {
    header_color: pick('header_color'),
    agent_color: pick('agent_color'),
    user_color: pick('user_color'),
    send_icon_color: pick('send_icon_color'),
    chat_icon_color: pick('chat_icon_color'),
  };
}

/**
 * Only our own logo URLs reach an <img>: a same-origin path (not `//host` or `/\host`, which
 * browsers read as another host), or what safeHref lets through as a page URL.
 */
export function safeLogoUrl(value: string | null | undefined): string | null {
  if (value && /^\/(?![/\\])/.test(value)) return value;
  return safeHref(value, PAGE_SCHEMES);
}

export interface LoadedTheme {
  colors: ThemeRgba;
  logoUrl: string | null;
}

export async function fetchTheme(botId: string): Promise<LoadedTheme> {
  const reply = await api<ThemeSettingsResponse>(
    `customize/theme-settings/${encodeURIComponent(botId)}`,
  );
  const data = reply.response.theme_data;
  return { colors: toColors(data), logoUrl: safeLogoUrl(data.header_logo) };
}

/** Multipart save (docs/spec.md §7): json_data plus the header_logo file, or logo null without one. */
export function saveTheme(botId: string, colors: ThemeRgba, logo: File | null, removeLogo = false) {
  const json: ThemeSaveJson = {
    bot_id: botId,
    themes: {
      header_color: toRgbaString(colors.header_color),
      agent_color: toRgbaString(colors.agent_color),
      user_color: toRgbaString(colors.user_color),
      send_icon_color: toHex(colors.send_icon_color),
      chat_icon_color: toHex(colors.chat_icon_color),
    },
    ...(removeLogo ? { remove_logo: true } : {}),
  };
  const form = new FormData();
  form.append('json_data', JSON.stringify(json));
  if (logo) form.append('header_logo', logo, logo.name);
  return api<ThemeSettingsResponse>('customize/theme-settings', { form });
}
