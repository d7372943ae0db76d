import { randomUUID } from 'node:crypto';
import type { ChatSource } from '@docent/shared';
import type { AnswerSource } from '../../rag/answer/index.ts';
import { DONT_KNOW_REPLY } from '../../rag/answer/replies.ts';
import type { ChatEvent, ChatScope, ChatServiceDeps } from './chat.service.ts';
import { storedChannel } from './chat-access.ts';
import {
  type ChatBotRow,
  type ConversationWithHistory,
  type NewTurn,
  saveTurn,
} from './conversations.repo.ts';
import { searchTurn } from './turn-search.ts';

/** Passages retrieved for an engine that does not say how many it wants. */
const RETRIEVE_LIMIT = 8;
const TITLE_MAX = 200;

const toApiSource = (s: AnswerSource): ChatSource => ({
  title: s.title,
  url: s.url,
  chunk_id: s.chunkId,
  ...(s.section ? { section: s.section } : {}),
  ...(s.link ? { link: s.link } : {}),
  ...(s.page ? { page: s.page } : {}),
  ...(s.timeSeconds !== undefined ? { time_seconds: s.timeSeconds } : {}),
});

/** One question to answer, its bot and conversation already authorised. */
export interface TurnRequest {
  scope: ChatScope;
  bot: ChatBotRow;
  /** Absent for the first turn of a new conversation; read with its last turns. */
  existing: ConversationWithHistory | undefined;
  conversationId: string;
  question: string;
  sessionId: string | undefined;
  /** performance.now() when the question arrived: the turn's latency counts from here. */
  startedAt: number;
}

/**
 * Retrieves, streams the answer's tokens, then stores the turn; `sources` and `done` come only
 * once it is stored. An aborted stream stores nothing.
 */
export async function* answerTurn(
  deps: ChatServiceDeps,
  turn: TurnRequest,
  signal?: AbortSignal,
): AsyncGenerator<ChatEvent> {
  const { engine } = deps;
  const { bot, existing, question, scope, conversationId } = turn;
  const history = existing?.history ?? [];
  const { search, passages } = await searchTurn(
    deps,
    {
      botId: bot.id,
      generation: bot.index_generation ?? undefined,
      question,
      history,
      limit: engine.passageCount ?? RETRIEVE_LIMIT,
    },
    signal,
  );
  let answer = '';
  let sources: ChatSource[] = [];
  const stream = engine.answer({
    bot: {
      name: bot.name,
      agentName: bot.agent_name,
      businessName: bot.business_name,
      basePrompt: bot.base_prompt,
    },
    question,
    history,
    passages,
    search,
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
  const turnId = await store(deps, {
    conversationId,
    botId: bot.id,
    channel: storedChannel(scope),
    country: scope.channel === 'widget' ? (scope.country ?? null) : null,
    userId: scope.channel === 'dashboard' ? scope.userId : null,
    sessionId: scope.channel === 'widget' ? scope.sessionId : (turn.sessionId ?? ''),
    title: question.slice(0, TITLE_MAX),
    question,
    answer,
    sources,
    engine: engine.kind,
    // Both engines say exactly this when retrieval found nothing relevant to the question.
    answered: answer !== DONT_KNOW_REPLY,
    latencyMs: Math.round(performance.now() - turn.startedAt),
  });
  yield { type: 'sources', sources };
  yield { type: 'done', answer, conversationId, turnId };
}

/**
 * Saves once more after a transient failure: an answered turn must not be lost. Both attempts
 * carry the same key, so when the first did commit (only its reply was lost) the second
 * stores nothing twice.
 */
async function store(deps: ChatServiceDeps, turn: Omit<NewTurn, 'key'>): Promise<string> {
  const keyed = { ...turn, key: randomUUID() };
  try {
    await saveTurn(deps.db, keyed);
  } catch (err) {
    deps.log.warn(
      { err, conversationId: turn.conversationId },
      'saving a chat turn failed; retrying',
    );
    await new Promise((r) => setTimeout(r, 50));
    await saveTurn(deps.db, keyed);
  }
  deps.turnSaved?.();
  return keyed.key;
}
