import { z } from 'zod';
import { CHAT_QUESTION_MAX } from './chat.ts';

/** Theme of a bot before its first save (spec §4; icon colours stored as hex). */
export const THEME_DEFAULTS = {
  header_color: 'rgba(246,247,252,1)',
  agent_color: 'rgba(255,255,255,1)',
  user_color: 'rgba(39,199,116,1)',
  send_icon_color: '#2EC16E',
  chat_icon_color: '#2EC16E',
} as const;

export type ThemeColorField = keyof typeof THEME_DEFAULTS;
export const RGBA_FIELDS = ['header_color', 'agent_color', 'user_color'] as const;
export const HEX_FIELDS = ['send_icon_color', 'chat_icon_color'] as const;

/** `response.theme_data` of GET customize/theme-settings/{bot_id}; the logo is a URL or null. */
export interface ThemeData {
  header_color: string;
  agent_color: string;
  user_color: string;
  send_icon_color: string;
  chat_icon_color: string;
  header_logo: string | null;
}

export const WIDGET_MESSAGES = {
  themeLoaded: 'Theme settings fetched',
  themeSaved: 'Theme settings saved successfully',
  logoType: 'Header logo must be a PNG, JPEG or WebP image',
  logoTooLarge: 'Header logo must be at most 5 MB',
  botNotFound: 'Chatbot not found',
  domainsLoaded: 'Allowed domains fetched',
  domainsSaved: 'Allowed domains saved successfully',
  domainInvalid: 'Please enter valid domain names, like example.com or *.example.com',
  tooManyDomains: 'You can allow at most 50 domains',
  originRefused: 'This chat is not available on this website.',
  visitorRateLimited: "You're sending messages too quickly. Please wait a moment and try again.",
  botRateLimited: 'This chat is very busy right now. Please try again in a minute.',
  visitorInvalid: 'Invalid visitor id',
  configLoaded: 'Chat configuration fetched',
} as const;

/**
 * `rgba(r, g, b, a)` (also `rgb(r, g, b[, a])`, as spec §4 writes its defaults) with integer
 * channels 0–255; alpha is clamped to 0..1. Returns the canonical `rgba(r,g,b,a)` or null.
 */
export function normalizeRgba(value: string): string | null {
  const m =
    /^\s*rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(-?\d*\.?\d+)\s*)?\)\s*$/i.exec(
      value,
    );
  if (!m) return null;
  const channels = [m[1], m[2], m[3]].map(Number);
  if (channels.some((c) => c > 255)) return null;
  const alpha = m[4] === undefined ? 1 : Math.min(1, Math.max(0, Number(m[4])));
  if (!Number.isFinite(alpha)) return null;
  return `rgba(${channels.join(',')},${Math.round(alpha * 1000) / 1000})`;
}

/** `#RGB` or `#RRGGBB` → canonical upper-case `#RRGGBB`, else null. */
export function normalizeHex(value: string): string | null {
  const m = /^\s*#([0-9a-f]{3}|[0-9a-f]{6})\s*$/i.exec(value);
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${hex.toUpperCase()}`;
}

const rgbaColor = (field: string) =>
  z.string({ error: `${field} is required` }).transform((v, ctx) => {
    const out = normalizeRgba(v);
    if (out === null) {
      ctx.addIssue({
        code: 'custom',
        message: `Invalid ${field}: use rgba(r, g, b, a) with r, g, b from 0 to 255 and a from 0 to 1`,
      });
      return z.NEVER;
    }
    return out;
  });

const hexColor = (field: string) =>
  z.string({ error: `${field} is required` }).transform((v, ctx) => {
    const out = normalizeHex(v);
    if (out === null) {
      ctx.addIssue({ code: 'custom', message: `Invalid ${field}: use a hex colour like #2EC16E` });
      return z.NEVER;
    }
    return out;
  });

/** The five colours of a theme save; `header_logo` inside `themes` is ignored (file part). */
export const themeColors = z.object({
  header_color: rgbaColor('header_color'),
  agent_color: rgbaColor('agent_color'),
  user_color: rgbaColor('user_color'),
  send_icon_color: hexColor('send_icon_color'),
  chat_icon_color: hexColor('chat_icon_color'),
});
export type ThemeColors = z.output<typeof themeColors>;

/** The multipart `json_data` of POST customize/theme-settings. */
export const themeSaveJson = z.object({
  bot_id: z.string({ error: 'Please select a chatbot' }).trim().min(1, 'Please select a chatbot'),
  themes: themeColors,
  /** Drops the stored logo (a save without a file otherwise keeps it). */
  remove_logo: z.boolean().optional(),
});
export type ThemeSaveJson = z.input<typeof themeSaveJson>;

export const ALLOWED_DOMAINS_MAX = 50;

/**
 * An allowed-domain entry → `host`, `host:port` or `*.host` (lower case, punycode), accepting
 * pasted URLs (`https://www.example.com/page`). Null when it is not a host name.
 */
export function normalizeDomain(input: string): string | null {
  let v = input.trim().toLowerCase();
  if (v === '') return null;
  v = v.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '');
  const wildcard = v.startsWith('*.');
  if (wildcard) v = v.slice(2);
  if (v.includes('@') || v.includes('*') || v === '') return null;
  let host: string;
  try {
    const url = new URL(`http://${v}`);
    if (url.username || url.password) return null;
    host = url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return null;
  }
  const name = host.replace(/:\d+$/, '');
  const isIpv6 = name.startsWith('[');
  if (
    !isIpv6 &&
    !/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(
      name,
    )
  ) {
    return null;
  }
  if (wildcard && (isIpv6 || !name.includes('.'))) return null;
  return wildcard ? `*.${host}` : host;
}

export const allowedDomainsBody = z.object({
  bot_id: z.string({ error: 'Please select a chatbot' }).trim().min(1, 'Please select a chatbot'),
  domains: z
    .array(z.string().max(300), { error: WIDGET_MESSAGES.domainInvalid })
    .max(ALLOWED_DOMAINS_MAX, WIDGET_MESSAGES.tooManyDomains)
    .transform((list, ctx) => {
      const out: string[] = [];
      for (const d of list) {
        if (d.trim() === '') continue;
        const n = normalizeDomain(d);
        if (n === null) {
          ctx.addIssue({ code: 'custom', message: WIDGET_MESSAGES.domainInvalid });
          return z.NEVER;
        }
        if (!out.includes(n)) out.push(n);
      }
      return out;
    }),
});
export type AllowedDomainsBody = z.input<typeof allowedDomainsBody>;

export interface AllowedDomainsResponse {
  bot_id: string;
  /** Empty: the widget works on any site. */
  domains: string[];
}

/** The widget's random visitor id, kept in the visitor's localStorage. */
export const visitorId = z
  .string({ error: WIDGET_MESSAGES.visitorInvalid })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, WIDGET_MESSAGES.visitorInvalid);

/** POST /api/public/bots/{botId}/chat (server-sent events, as ai/chat/stream). */
export const publicChatBody = z.object({
  question: z
    .string({ error: 'Please enter a question' })
    .transform((v) => v.trim())
    .refine((v) => v !== '', { error: 'Please enter a question' })
    .refine((v) => v.length <= CHAT_QUESTION_MAX, {
      error: `Your question is too long. Please keep it under ${CHAT_QUESTION_MAX.toLocaleString('en-US')} characters.`,
    }),
  conversation_id: z
    .string()
    .nullish()
    .transform((v) => (v ? v.trim() || undefined : undefined)),
  visitor_id: visitorId,
});
export type PublicChatBody = z.input<typeof publicChatBody>;

export const publicVisitorQuery = z.object({ visitor_id: visitorId });

/** GET /api/public/bots/{botId}/config: what the widget needs to draw itself. */
export interface PublicBotConfig {
  bot_id: string;
  bot_name: string;
  agent_name: string;
  greeting: string;
  theme: ThemeData;
}

/** The greeting bubble of the widget and the customization preview. */
export function greetingFor(bot: { bot_name: string; agent_name: string; business_name: string }) {
  const who = bot.agent_name.trim() || 'your AI assistant';
  const at = bot.business_name.trim() ? ` at ${bot.business_name.trim()}` : '';
  return `Hi! I'm ${who}${at}. How can I help you today?`;
}

/** 'Share as Full Page Chat' and 'Mobile App Embed': the hosted chat page of a bot. */
export const hostedChatUrl = (publicUrl: string, botId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/c/${encodeURIComponent(botId)}`;

/** 'Add as Inline Chat': the chat drawn inside an element of the customer's page. */
export function inlineSnippet(publicUrl: string, userId: string, botId: string): string {
  const attr = (v: string) =>
    v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const src = `${publicUrl.replace(/\/+$/, '')}/widget.js`;
  return [
    '<div id="docent-chat" style="height:600px"></div>',
    `<script src="${attr(src)}" data-id="${attr(userId)}" data-botid="${attr(botId)}" data-mode="inline" data-target="#docent-chat" defer></script>`,
  ].join('\n');
}
