import { z } from 'zod';
import { botRename } from './bot-name.ts';
import { KNOWLEDGE_MESSAGES, requiredBotId } from './knowledge.ts';

export const SETTINGS_LIMITS = { agent_name: 100, business_name: 200, base_prompt: 4000 } as const;

/** A settings field a POST may leave out: absent (or null) keeps the stored value. */
const limited = (label: string, max: number) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? undefined : String(v).trim()))
    .refine((v) => v === undefined || v.length <= max, {
      error: KNOWLEDGE_MESSAGES.fieldTooLong(label, max),
    });

/**
 * POST settings/general_settings; a field left out keeps its value. `bot_name` (beyond
 * docs/spec.md §7) renames the bot.
 */
export const generalSettingsBody = z.object({
  bot_id: requiredBotId,
  bot_name: botRename,
  agent_name: limited('Agent name', SETTINGS_LIMITS.agent_name),
  business_name: limited('Business name', SETTINGS_LIMITS.business_name),
  base_prompt: limited('Base prompt', SETTINGS_LIMITS.base_prompt),
});
export type GeneralSettingsBody = z.input<typeof generalSettingsBody>;

export interface GeneralSettings {
  bot_id: string;
  bot_name: string;
  agent_name: string;
  business_name: string;
  base_prompt: string;
  total_chars: number;
}
