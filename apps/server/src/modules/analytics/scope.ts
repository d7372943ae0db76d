import { KNOWLEDGE_MESSAGES } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { findOwnedBot, listBots } from '../bots/bots.repo.ts';

export interface BotScope {
  ids: string[];
  names: Map<string, string>;
}

/**
 * The bots a request reads: the one named (404 unless the account owns it), or every bot of
 * the account when none is named.
 */
export async function botsInScope(
  db: Kysely<DB>,
  userId: string,
  botId: string | undefined,
): Promise<BotScope> {
  if (botId !== undefined) {
    const bot = await findOwnedBot(db, userId, botId);
    if (!bot) throw notFound(KNOWLEDGE_MESSAGES.botNotFound);
    return { ids: [bot.id], names: new Map([[bot.id, bot.name]]) };
  }
  const bots = await listBots(db, userId);
  return { ids: bots.map((b) => b.id), names: new Map(bots.map((b) => [b.id, b.name])) };
}
