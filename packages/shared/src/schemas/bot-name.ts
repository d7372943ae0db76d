import { z } from 'zod';
import { optionalId } from './optional-id.ts';

/** A chatbot's name: what the dashboard, the chatbot pages and the widget's hosted page show. */
export const BOT_NAME_MAX = 60;

export const BOT_NAME_MESSAGES = {
  required: 'Please enter a chatbot name',
  tooLong: `Chatbot name must be at most ${BOT_NAME_MAX} characters`,
} as const;

/** Spaces and line breaks run together, as the name is shown on one line. */
export function cleanBotName(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

const nameText = z
  .union([z.string(), z.null()], { error: BOT_NAME_MESSAGES.required })
  .optional()
  .transform((v) => (v === null || v === undefined ? undefined : cleanBotName(v)));

/**
 * The name the owner gives the bot a training call creates. Absent or blank: the server names it
 * after the content (the first title, question, file or page). Ignored when bot_id names a bot.
 */
export const newBotName = nameText
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || v.length <= BOT_NAME_MAX, { error: BOT_NAME_MESSAGES.tooLong });

/** Renaming: absent keeps the name; present must not be blank. */
export const botRename = nameText
  .refine((v) => v === undefined || v !== '', { error: BOT_NAME_MESSAGES.required })
  .refine((v) => v === undefined || v.length <= BOT_NAME_MAX, { error: BOT_NAME_MESSAGES.tooLong });

/**
 * Which bot a training call adds to: `bot_id`, or (absent, null or '') a new bot named
 * `bot_name`. Every training body spreads these fields.
 */
export const trainingTargetFields = { bot_id: optionalId, bot_name: newBotName };
export type TrainingTarget = z.input<z.ZodObject<typeof trainingTargetFields>>;
