import { THEME_DEFAULTS, type ThemeColors, type ThemeData } from '@docent/shared';
import { notFound } from '../../lib/app-error.ts';
import { findOwnedBot, markQuickStart } from '../bots/bots.repo.ts';
import type { EnvOf, ServiceDeps } from '../service-deps.ts';
import { logoUrl, removeLogo, saveLogo } from './logo-store.ts';
import { findTheme, upsertTheme } from './theme.repo.ts';

type Deps = Pick<ServiceDeps, 'db' | 'log'> & EnvOf<'dataDir'>;

/** The bot's theme, or the docs/spec.md §4 defaults before its first save. No ownership check. */
export async function themeOf(deps: Pick<Deps, 'db'>, botId: string): Promise<ThemeData> {
  const row = await findTheme(deps.db, botId);
  if (!row) return { ...THEME_DEFAULTS, header_logo: null };
  return { ...row, header_logo: logoUrl(botId, row.header_logo) };
}

async function ownedBotId(deps: Deps, userId: string, botId: string): Promise<string> {
  const bot = await findOwnedBot(deps.db, userId, botId);
  if (!bot) throw notFound('Chatbot not found');
  return bot.id;
}

export async function getThemeForOwner(deps: Deps, userId: string, botId: string) {
  return themeOf(deps, await ownedBotId(deps, userId, botId));
}

/**
 * Saves the colours and, when a file came, the re-encoded logo; without one the stored logo
 * stays (spec: the form is sent with a null logo). Ticks the "customize" quick-start step.
 */
export async function saveThemeForOwner(
  deps: Deps,
  userId: string,
  input: { botId: string; colors: ThemeColors; logo?: Buffer; removeLogo?: boolean },
): Promise<ThemeData> {
  const botId = await ownedBotId(deps, userId, input.botId);
  const current = await findTheme(deps.db, botId);
  const newLogo = input.logo ? await saveLogo(deps.env.dataDir, botId, input.logo) : undefined;
  const header_logo = newLogo ?? (input.removeLogo ? null : (current?.header_logo ?? null));
  let replaced: string | null;
  try {
    replaced = await upsertTheme(deps.db, botId, { ...input.colors, header_logo });
  } catch (err) {
    if (newLogo) await removeLogo(deps.env.dataDir, botId, newLogo);
    throw err;
  }
  if (replaced && replaced !== header_logo) {
    await removeLogo(deps.env.dataDir, botId, replaced).catch((err) =>
      deps.log.warn({ err, botId }, 'removing a replaced logo failed'),
    );
  }
  await markQuickStart(deps.db, botId, 'customize_bot');
  return { ...input.colors, header_logo: logoUrl(botId, header_logo) };
}
