import type OpenAI from 'openai';
import type { Logger } from '../../lib/logger.ts';
import { openAiClient } from '../openai-client.ts';
import { extractAnswer } from './extractive.ts';
import { carryTopic } from './follow-up.ts';
import { buildMessages, type ChatMessage } from './prompt.ts';
import { closeQaMatch, isSmallTalk, relevantPassages } from './relevance.ts';
import { DONT_KNOW_REPLY, distinctSources, fixedAnswer, smallTalkReply } from './replies.ts';
import { parseRewrite, rewriteMessages } from './rewrite.ts';
import { parseSearchTerms, searchTermsMessages } from './search-terms.ts';
import type { AnswerEngine, AnswerEvent, AnswerInput, Passage, PastTurn } from './types.ts';

/**
 * Passages that go into the prompt: retrieval's windows (rag/passages.ts) in its order, once
 * one of them is relevant at all; the model tells what answers from what does not. A model
 * reads ~20k characters quickly, and the answer is often a few windows down the ranking.
 */
const PROMPT_PASSAGES = 16;

export interface LlmEngineOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The transport: the server passes safeFetch with an allowance for this one origin. */
  fetch?: typeof fetch;
  log?: Logger;
  temperature?: number;
  maxTokens?: number;
  /** Cosine similarity from which a passage found by meaning is relevant (relevance.ts). */
  minSimilarity?: number | undefined;
  /**
   * Whether each question is searched with the model's words for it too (search-terms.ts): one
   * short model call before retrieval, beside a follow-up's rewrite. Default on.
   */
  searchTerms?: boolean;
}

/**
 * After the model failed to give search words in time (or at all), it is not asked for them for
 * this long: a model too slow for them costs one wait a minute instead of one per question.
 */
const SEARCH_TERMS_COOLDOWN_MS = 60_000;

const DECLINED =
  /\b(?:don't|do not|cannot|can't) (?:know|find|answer)\b|not in the knowledge base/i;

/**
 * The passages the answer cites as [n]; when it cites none, all of them, unless the model
 * declined to answer (a "don't know" listed with sources would suggest they hold the answer).
 */
function citedPassages(answer: string, passages: Passage[]): Passage[] {
  const ids = new Set<number>();
  for (const m of answer.matchAll(/\[(\d{1,2})\]/g)) ids.add(Number(m[1]));
  const cited = passages.filter((_, i) => ids.has(i + 1));
  if (cited.length > 0) return cited;
  return DECLINED.test(answer) ? [] : passages;
}

type Ask = (messages: ChatMessage[], signal: AbortSignal) => Promise<string>;

/** An engine's search words, asked of its model, which is left alone a while after a failure. */
function pausingSearchTerms(ask: Ask): NonNullable<AnswerEngine['searchTerms']> {
  let pausedUntil = 0;
  return async (question, history, signal) => {
    if (Date.now() < pausedUntil) return null;
    try {
      return parseSearchTerms(await ask(searchTermsMessages(question, history), signal));
    } catch (err) {
      // A visitor gone away says nothing about the model; a timeout or an error does.
      if (!signal.aborted || signal.reason?.name === 'TimeoutError') {
        pausedUntil = Date.now() + SEARCH_TERMS_COOLDOWN_MS;
      }
      throw err;
    }
  };
}

/**
 * Grounded answers from any OpenAI-compatible chat model, streamed as the model writes them.
 * The model is not called at all when retrieval found nothing relevant; a stored Q&A answer
 * that matches the question closely is returned as written.
 */
export function createLlmEngine(opts: LlmEngineOptions): AnswerEngine {
  const client = openAiClient({ ...opts, maxRetries: 1, timeoutMs: 120_000 });
  /** One short request whose reply is used as one line, or not at all (the caller bounds it). */
  const ask: Ask = async (messages, signal) => {
    const reply = await client.chat.completions.create(
      { model: opts.model, messages, temperature: 0 },
      { signal, maxRetries: 0 },
    );
    return reply.choices[0]?.message?.content ?? '';
  };
  return {
    kind: 'llm',
    passageCount: PROMPT_PASSAGES,
    async standalone(question: string, history: PastTurn[], signal: AbortSignal) {
      return parseRewrite(await ask(rewriteMessages(question, history), signal));
    },
    ...(opts.searchTerms === false ? {} : { searchTerms: pausingSearchTerms(ask) }),
    async *answer(input: AnswerInput): AsyncIterable<AnswerEvent> {
      if (isSmallTalk(input.question, input.history)) {
        yield* fixedAnswer(smallTalkReply(input.bot, input.question));
        return;
      }
      const qa = closeQaMatch(input.question, input.passages);
      if (qa) {
        yield* fixedAnswer(qa.text.trim(), distinctSources([qa]));
        return;
      }
      const search = input.search ?? carryTopic(input.question, input.history);
      const relevant = relevantPassages(search, input.passages, opts.minSimilarity, {
        unknownAsCommon: true,
      });
      const passages = relevant.length > 0 ? input.passages.slice(0, PROMPT_PASSAGES) : [];
      if (passages.length === 0) {
        yield* fixedAnswer(DONT_KNOW_REPLY);
        return;
      }
      let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
      try {
        stream = await client.chat.completions.create(
          {
            model: opts.model,
            messages: buildMessages(input, passages),
            stream: true,
            temperature: opts.temperature ?? 0.2,
            ...(opts.maxTokens ? { max_tokens: opts.maxTokens } : {}),
          },
          input.signal ? { signal: input.signal } : undefined,
        );
      } catch (err) {
        if (input.signal?.aborted) throw err;
        // The model is down or refuses: answer from the passages rather than not at all.
        opts.log?.warn({ err }, 'LLM request failed; answering extractively');
        const fallback = extractAnswer({ ...input, passages }, opts.minSimilarity);
        yield* fixedAnswer(fallback.text, distinctSources(fallback.passages));
        return;
      }
      let answer = '';
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (!text) continue;
        answer += text;
        yield { type: 'token', text };
      }
      yield { type: 'sources', sources: distinctSources(citedPassages(answer, passages)) };
      yield { type: 'done' };
    },
  };
}
