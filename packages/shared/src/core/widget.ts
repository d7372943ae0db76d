/** Theme of a bot before its first save (docs/spec.md §4; icon colours stored as hex). */
export const THEME_DEFAULTS = {
  header_color: 'rgba(246,247,252,1)',
  agent_color: 'rgba(255,255,255,1)',
  user_color: 'rgba(39,199,116,1)',
  send_icon_color: '#2EC16E',
  chat_icon_color: '#2EC16E',
} as const;

export type ThemeColorField = keyof typeof THEME_DEFAULTS;
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
  budgetLoaded: 'Widget message budget fetched',
  budgetSaved: 'Widget message budget saved successfully',
  budgetInvalid: 'Please enter a whole number of messages per minute, from 1 to 100,000',
} as const;

/**
 * `rgba(r, g, b, a)` (also `rgb(r, g, b[, a])`, as docs/spec.md §4 writes its defaults) with integer
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

export const ALLOWED_DOMAINS_MAX = 50;
/** Highest widget message budget (per minute) an owner may set. */
export const WIDGET_BUDGET_MAX = 100_000;

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
