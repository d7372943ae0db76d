import type { Env } from '../../config/env.ts';
import type { Logger } from '../../lib/logger.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import { createExtractiveEngine } from './extractive.ts';
import { createLlmEngine } from './llm.ts';
import type { AnswerEngine } from './types.ts';

export type {
  AnswerEngine,
  AnswerEvent,
  AnswerInput,
  AnswerSource,
  Passage,
  PastTurn,
} from './types.ts';

/**
 * Outbound calls to the model go through the SSRF guard. The operator configured this origin,
 * so it may be private or loopback (a local Ollama); anything else keeps the normal policy, and
 * redirects are refused so the allowance cannot be bounced elsewhere.
 */
export function llmFetch(baseUrl: string, limits: { maxBytes?: number } = {}): typeof fetch {
  const origin = new URL(baseUrl).origin;
  const guarded = (input: string | URL | Request, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : String(input);
    const trusted = new URL(href).origin === origin;
    return safeFetch(input, init, {
      ...(trusted ? { allowPrivate: true } : {}),
      maxRedirects: 0,
      timeoutMs: 180_000,
      headersTimeoutMs: 120_000,
      bodyTimeoutMs: 60_000,
      maxBytes: limits.maxBytes ?? 5 * 1024 * 1024,
    });
  };
  return guarded as typeof fetch;
}

/** The LLM engine when a model is configured, else the offline extractive one. */
export function createAnswerEngine(env: Env, log?: Logger): AnswerEngine {
  if (env.LLM_BASE_URL && env.LLM_MODEL) {
    return createLlmEngine({
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL,
      fetch: llmFetch(env.LLM_BASE_URL),
      log,
      minSimilarity: env.EMBEDDING_MIN_SIMILARITY,
      searchTerms: env.LLM_QUERY_EXPANSION,
    });
  }
  return createExtractiveEngine({ minSimilarity: env.EMBEDDING_MIN_SIMILARITY });
}
