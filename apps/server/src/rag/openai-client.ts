import OpenAI from 'openai';

export interface OpenAiClientOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  /** The transport: the server passes safeFetch with an allowance for this one origin. */
  fetch?: typeof fetch;
  maxRetries: number;
  timeoutMs: number;
}

/** An `openai` client for any OpenAI-compatible server (OpenAI, Ollama, vLLM, LM Studio …). */
export function openAiClient(opts: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    baseURL: opts.baseUrl,
    // Local servers take no key, but the client insists on one.
    apiKey: opts.apiKey ?? 'not-needed',
    maxRetries: opts.maxRetries,
    timeout: opts.timeoutMs,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
}
