import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface BotActivity {
  messages: number;
  conversations: number;
}

/**
 * Messages and conversations per bot for the dashboard cards. Until conversations are stored
 * every bot has none; the chat work replaces this body with real counts (one query for all ids).
 */
export async function countBotActivity(
  _db: Kysely<DB>,
  botIds: string[],
): Promise<Map<string, BotActivity>> {
  return new Map(botIds.map((id) => [id, { messages: 0, conversations: 0 }]));
}
