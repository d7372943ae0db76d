import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ConversationChannel } from '../../db/tables/chat.ts';
import { notFound } from '../../lib/app-error.ts';
import type { ChatScope } from './chat.service.ts';
import {
  type ChatBotRow,
  type ConversationRow,
  findChatBot,
  findConversation,
} from './conversations.repo.ts';

/** The channel a conversation of this scope is stored (and counted in analytics) under. */
export const storedChannel = (scope: ChatScope): ConversationChannel =>
  scope.channel === 'widget' && scope.fullPage ? 'page' : scope.channel;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function inScope(c: ConversationRow, botId: string, scope: ChatScope): boolean {
  // Widget and full-page conversations are both a visitor's; dashboard ones the owner's.
  if (c.bot_id !== botId || (c.channel === 'dashboard') !== (scope.channel === 'dashboard')) {
    return false;
  }
  return scope.channel === 'dashboard'
    ? c.user_id === scope.userId
    : c.session_id === scope.sessionId;
}

/** The bot, if the caller may chat with it; otherwise 404 (never 403: no existence leak). */
export async function authoriseBot(
  db: Kysely<DB>,
  scope: ChatScope,
  botId: string,
): Promise<ChatBotRow> {
  return checkBot(scope, UUID.test(botId) ? await findChatBot(db, botId) : undefined);
}

/** authoriseBot for a bot row the caller has already read. */
export function checkBot(scope: ChatScope, bot: ChatBotRow | undefined): ChatBotRow {
  if (!bot || (scope.channel === 'dashboard' && bot.user_id !== scope.userId)) {
    throw notFound('Chatbot not found');
  }
  return bot;
}

/** The conversation, if it belongs to this bot and this caller; otherwise 404. */
export async function authoriseConversation(
  db: Kysely<DB>,
  scope: ChatScope,
  botId: string,
  conversationId: string,
): Promise<ConversationRow> {
  return checkConversation(
    scope,
    botId,
    UUID.test(conversationId) ? await findConversation(db, conversationId) : undefined,
  );
}

/** authoriseConversation for a conversation row the caller has already read. */
export function checkConversation<C extends ConversationRow>(
  scope: ChatScope,
  botId: string,
  conversation: C | undefined,
): C {
  if (!conversation || !inScope(conversation, botId, scope)) {
    throw notFound('Conversation not found');
  }
  return conversation;
}
