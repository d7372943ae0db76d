import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { chatCountsByBot } from '../chat/chat-stats.repo.ts';

export interface BotActivity {
  messages: number;
  conversations: number;
  resolutions: number;
}

/** Messages, conversations and resolutions per bot for the dashboard cards (one query for all ids). */
export async function countBotActivity(
  db: Kysely<DB>,
  botIds: string[],
): Promise<Map<string, BotActivity>> {
  return chatCountsByBot(db, botIds);
}
