import { randomUUID } from 'node:crypto';
import type { ChatResponse, ChatSource, ChatTurn, ConversationListItem } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AnswerEngine, AnswerSource, Passage } from '../../rag/answer/index.ts';
import { HISTORY_TURNS } from '../../rag/answer/prompt.ts';
import { searchText } from '../../rag/answer/relevance.ts';
import {
  type ChatBotRow,
  type ConversationRow,
  findChatBot,
  findConversation,
  listConversations,
  listTurns,
  type NewTurn,
  recentTurns,
  saveTurn,
} from './conversations.repo.ts';

/** Same signature as rag/retrieve.ts. */
export type Retrieve = (
  db: Kysely<DB>,
  q: { botId: string; query: string; limit: number },
) => Promise<Passage[]>;

/**
 * Who is chatting: the signed-in owner of the bot (dashboard preview), or a visitor of the
 * widget identified by its session id (the public API checks the bot's allowed origins).
 */
export type ChatScope =
  | { channel: 'dashboard'; userId: string }
  | { channel: 'widget'; sessionId: string };

export interface ChatRequest {
  botId: string;
  question: string;
  conversationId?: string;
  sessionId?: string;
}

/** What a chat streams: the API's shapes, already snake_case. */
export type ChatEvent =
  | { type: 'token'; text: string }
  | { type: 'sources'; sources: ChatSource[] }
  | { type: 'done'; answer: string; conversationId: string };

export interface OpenChat {
  conversationId: string;
  /** Retrieves, answers and stores the turn; `done` comes only once the turn is stored. */
  events(signal?: AbortSignal): AsyncGenerator<ChatEvent>;
}

export interface ChatServiceDeps {
  db: Kysely<DB>;
  log: Logger;
  engine: AnswerEngine;
  retrieve: Retrieve;
}

const RETRIEVE_LIMIT = 8;
const LIST_LIMIT = 200;
const TITLE_MAX = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toApiSource = (s: AnswerSource): ChatSource => ({
  title: s.title,
  url: s.url,
  chunk_id: s.chunkId,
});

function inScope(c: ConversationRow, botId: string, scope: ChatScope): boolean {
  if (c.bot_id !== botId || c.channel !== scope.channel) return false;
  return scope.channel === 'dashboard'
    ? c.user_id === scope.userId
    : c.session_id === scope.sessionId;
}

export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: ChatServiceDeps) {
  const { db, log } = deps;

  /** The bot, if the caller may chat with it; otherwise 404 (never 403: no existence leak). */
  async function authoriseBot(scope: ChatScope, botId: string): Promise<ChatBotRow> {
    const bot = UUID.test(botId) ? await findChatBot(db, botId) : undefined;
    if (!bot || (scope.channel === 'dashboard' && bot.user_id !== scope.userId)) {
      throw notFound('Chatbot not found');
    }
    return bot;
  }

  async function authoriseConversation(
    scope: ChatScope,
    botId: string,
    conversationId: string,
  ): Promise<ConversationRow> {
    const conversation = UUID.test(conversationId)
      ? await findConversation(db, conversationId)
      : undefined;
    if (!conversation || !inScope(conversation, botId, scope)) {
      throw notFound('Conversation not found');
    }
    return conversation;
  }

  /**
   * Saves once more after a transient failure: an answered turn must not be lost. Both
   * attempts carry the same key, so when the first did commit (only its reply was lost) the
   * second stores nothing twice.
   */
  async function store(turn: Omit<NewTurn, 'key'>): Promise<void> {
    const keyed = { ...turn, key: randomUUID() };
    try {
      await saveTurn(db, keyed);
    } catch (err) {
      log.warn({ err, conversationId: turn.conversationId }, 'saving a chat turn failed; retrying');
      await new Promise((r) => setTimeout(r, 50));
      await saveTurn(db, keyed);
    }
  }

  /**
   * Checks everything that can be refused (bot, conversation) before anything is streamed, so
   * those failures are ordinary HTTP errors; the returned chat then produces the answer.
   */
  async function open(scope: ChatScope, req: ChatRequest): Promise<OpenChat> {
    const bot = await authoriseBot(scope, req.botId);
    const existing = req.conversationId
      ? await authoriseConversation(scope, bot.id, req.conversationId)
      : undefined;
    const conversationId = existing?.id ?? randomUUID();
    const question = req.question.trim();
    return {
      conversationId,
      async *events(signal?: AbortSignal): AsyncGenerator<ChatEvent> {
        const history = existing ? await recentTurns(db, existing.id, HISTORY_TURNS) : [];
        const passages = await deps.retrieve(db, {
          botId: bot.id,
          query: searchText(question, history),
          limit: RETRIEVE_LIMIT,
        });
        let answer = '';
        let sources: ChatSource[] = [];
        const stream = deps.engine.answer({
          bot: {
            name: bot.name,
            agentName: bot.agent_name,
            businessName: bot.business_name,
            basePrompt: bot.base_prompt,
          },
          question,
          history,
          passages,
          ...(signal ? { signal } : {}),
        });
        for await (const ev of stream) {
          if (signal?.aborted) return;
          if (ev.type === 'token') {
            answer += ev.text;
            yield ev;
          } else if (ev.type === 'sources') {
            sources = ev.sources.map(toApiSource);
          } else break;
        }
        if (signal?.aborted) return;
        answer = answer.trim();
        await store({
          conversationId,
          botId: bot.id,
          channel: scope.channel,
          userId: scope.channel === 'dashboard' ? scope.userId : null,
          sessionId: scope.channel === 'widget' ? scope.sessionId : (req.sessionId ?? ''),
          title: question.slice(0, TITLE_MAX),
          question,
          answer,
          sources,
          engine: deps.engine.kind,
        });
        yield { type: 'sources', sources };
        yield { type: 'done', answer, conversationId };
      },
    };
  }

  /** The whole answer at once (ai/chat). */
  async function ask(scope: ChatScope, req: ChatRequest): Promise<ChatResponse> {
    const chat = await open(scope, req);
    let result: ChatResponse = { answer: '', conversation_id: chat.conversationId, sources: [] };
    for await (const ev of chat.events()) {
      if (ev.type === 'sources') result = { ...result, sources: ev.sources };
      if (ev.type === 'done') result = { ...result, answer: ev.answer };
    }
    return result;
  }

  async function conversations(scope: ChatScope, botId: string): Promise<ConversationListItem[]> {
    const bot = await authoriseBot(scope, botId);
    const rows = await listConversations(db, {
      botId: bot.id,
      channel: scope.channel,
      ...(scope.channel === 'dashboard'
        ? { userId: scope.userId }
        : { sessionId: scope.sessionId }),
      limit: LIST_LIMIT,
    });
    return rows.map((r) => ({
      conversation_id: r.id,
      title: r.title,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  async function turns(
    scope: ChatScope,
    botId: string,
    conversationId: string,
  ): Promise<ChatTurn[]> {
    const bot = await authoriseBot(scope, botId);
    const conversation = await authoriseConversation(scope, bot.id, conversationId);
    const rows = await listTurns(db, conversation.id);
    return rows.map((r) => ({
      question: r.question,
      answer: r.answer,
      sources: r.sources,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  return { open, ask, conversations, turns };
}
