import { randomUUID } from 'node:crypto';
import type { ChatResponse, ChatSource, ChatTurn, ConversationListItem } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AnswerEngine, Passage } from '../../rag/answer/index.ts';
import { HISTORY_TURNS } from '../../rag/answer/prompt.ts';
import type { CarriedTerms, NearChunks } from '../../search/query.ts';
import {
  authoriseBot,
  authoriseConversation,
  checkBot,
  checkConversation,
  UUID,
} from './chat-access.ts';
import { answerTurn, type TurnRequest } from './chat-turn.ts';
import {
  type ChatBotRow,
  findConversationWithHistory,
  listConversations,
  listTurns,
  type TurnRow,
} from './conversations.repo.ts';
import { ratingOf } from './feedback.ts';

/** Same signature as rag/passages.ts (retrievePassages). */
export type Retrieve = (
  db: Kysely<DB>,
  q: {
    botId: string;
    query: string;
    carried?: CarriedTerms | undefined;
    near?: NearChunks | undefined;
    limit: number;
    /** The bot's index generation, when read with the bot. */
    generation?: number | undefined;
  },
) => Promise<Passage[]>;

/**
 * Who is chatting: the signed-in owner of the bot (dashboard preview), or a visitor of the
 * widget identified by its session id (the public API checks the bot's allowed origins).
 */
export type ChatScope =
  | { channel: 'dashboard'; userId: string }
  | {
      channel: 'widget';
      sessionId: string;
      /** The hosted full-page chat rather than the widget on a customer's site. */
      fullPage?: boolean;
      /** The visitor's country by IP address, when known. */
      country?: string | null;
    };

export interface ChatRequest {
  botId: string;
  /** The bot's row when the caller has just read it (the public API does): not read again. */
  bot?: ChatBotRow;
  question: string;
  conversationId?: string;
  sessionId?: string;
}

/** What a chat streams: the API's shapes, already snake_case. */
export type ChatEvent =
  | { type: 'token'; text: string }
  | { type: 'sources'; sources: ChatSource[] }
  | { type: 'done'; answer: string; conversationId: string; turnId: string };

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
  /**
   * Called after each stored turn: analytics count turns in batches, and the embedded
   * database's planner statistics follow the number stored.
   */
  turnSaved?: (() => void) | undefined;
}

const LIST_LIMIT = 200;

const toChatTurn = (r: TurnRow): ChatTurn => ({
  turn_id: r.turn_key,
  feedback: ratingOf(r.feedback),
  question: r.question,
  answer: r.answer,
  sources: r.sources,
  created_at: new Date(r.created_at).toISOString(),
});

export type ChatService = ReturnType<typeof createChatService>;

/** Built once at boot with the answer engine and the retrieval it uses. */
export function createChatService(deps: ChatServiceDeps) {
  const { db } = deps;

  /**
   * Checks everything that can be refused (bot, conversation) before anything is streamed, so
   * those failures are ordinary HTTP errors; the returned chat then produces the answer.
   */
  const withHistory = (id: string) =>
    UUID.test(id) ? findConversationWithHistory(db, id, HISTORY_TURNS) : Promise.resolve(undefined);

  async function open(scope: ChatScope, req: ChatRequest): Promise<OpenChat> {
    const startedAt = performance.now();
    const bot =
      req.bot?.id === req.botId
        ? checkBot(scope, req.bot)
        : await authoriseBot(db, scope, req.botId);
    const existing = req.conversationId
      ? checkConversation(scope, bot.id, await withHistory(req.conversationId))
      : undefined;
    const turn: TurnRequest = {
      scope,
      bot,
      existing,
      conversationId: existing?.id ?? randomUUID(),
      question: req.question.trim(),
      sessionId: req.sessionId,
      startedAt,
    };
    return {
      conversationId: turn.conversationId,
      events: (signal?: AbortSignal) => answerTurn(deps, turn, signal),
    };
  }

  /** The whole answer at once (ai/chat). */
  async function ask(scope: ChatScope, req: ChatRequest): Promise<ChatResponse> {
    const chat = await open(scope, req);
    let result: ChatResponse = {
      answer: '',
      conversation_id: chat.conversationId,
      turn_id: '',
      sources: [],
    };
    for await (const ev of chat.events()) {
      if (ev.type === 'sources') result = { ...result, sources: ev.sources };
      if (ev.type === 'done') result = { ...result, answer: ev.answer, turn_id: ev.turnId };
    }
    return result;
  }

  async function conversations(scope: ChatScope, botId: string): Promise<ConversationListItem[]> {
    const bot = await authoriseBot(db, scope, botId);
    const rows = await listConversations(db, {
      botId: bot.id,
      channels: scope.channel === 'dashboard' ? ['dashboard'] : ['widget', 'page'],
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
    const bot = await authoriseBot(db, scope, botId);
    const conversation = await authoriseConversation(db, scope, bot.id, conversationId);
    const rows = await listTurns(db, conversation.id);
    return rows.map(toChatTurn);
  }

  return { open, ask, conversations, turns };
}
