import { z } from 'zod';
import { CHAT_MESSAGES, CHAT_QUESTION_MAX } from '../core/chat.ts';
import {
  ALLOWED_DOMAINS_MAX,
  normalizeDomain,
  normalizeHex,
  normalizeRgba,
  type ThemeData,
  WIDGET_BUDGET_MAX,
  WIDGET_MESSAGES,
} from '../core/widget.ts';
import { ratingField, turnIdField } from './chat.ts';

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

/** `response` of GET and POST customize/theme-settings. */
export interface ThemeSettingsResponse {
  theme_data: ThemeData;
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

/** POST settings/widget-budget: messages per minute for all visitors; null = the default. */
export const widgetBudgetBody = z.object({
  bot_id: z.string({ error: 'Please select a chatbot' }).trim().min(1, 'Please select a chatbot'),
  messages_per_minute: z
    .number({ error: WIDGET_MESSAGES.budgetInvalid })
    .int(WIDGET_MESSAGES.budgetInvalid)
    .min(1, WIDGET_MESSAGES.budgetInvalid)
    .max(WIDGET_BUDGET_MAX, WIDGET_MESSAGES.budgetInvalid)
    .nullable(),
});
export type WidgetBudgetBody = z.input<typeof widgetBudgetBody>;

export interface WidgetBudgetResponse {
  bot_id: string;
  /** The budget in force: the owner's, or the server's default. */
  messages_per_minute: number;
  default_messages_per_minute: number;
  /** Whether the owner chose the budget (false: the default applies). */
  custom: boolean;
  /** When the widget last ran out of budget (ISO time), null if never. */
  last_reached_at: string | null;
}

/** The widget's random visitor id, kept in the visitor's localStorage. */
export const visitorId = z
  .string({ error: WIDGET_MESSAGES.visitorInvalid })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, WIDGET_MESSAGES.visitorInvalid);

/** POST /api/public/bots/{botId}/chat (server-sent events, as ai/chat/stream). */
export const publicChatBody = z.object({
  question: z
    .string({ error: CHAT_MESSAGES.emptyQuestion })
    .transform((v) => v.trim())
    .refine((v) => v !== '', { error: CHAT_MESSAGES.emptyQuestion })
    .refine((v) => v.length <= CHAT_QUESTION_MAX, { error: CHAT_MESSAGES.questionTooLong }),
  conversation_id: z
    .string()
    .nullish()
    .transform((v) => (v ? v.trim() || undefined : undefined)),
  visitor_id: visitorId,
  /** 'page' from the hosted full-page chat, so analytics tell it from the widget. */
  mode: z.enum(['widget', 'page']).default('widget'),
});
export type PublicChatBody = z.input<typeof publicChatBody>;

/** POST /api/public/bots/{botId}/feedback: a visitor's vote on an answer of its own chat. */
export const publicFeedbackBody = z.object({
  turn_id: turnIdField,
  rating: ratingField,
  visitor_id: visitorId,
});
export type PublicFeedbackBody = z.input<typeof publicFeedbackBody>;

export const publicVisitorQuery = z.object({ visitor_id: visitorId });

/** GET /api/public/bots/{botId}/config: what the widget needs to draw itself. */
export interface PublicBotConfig {
  bot_id: string;
  bot_name: string;
  agent_name: string;
  greeting: string;
  theme: ThemeData;
}
