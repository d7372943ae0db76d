import { openAiClient } from '../openai-client.ts';

export interface EmbedOptions {
  signal?: AbortSignal;
  /** Per request; a query embedding waits briefly, a training batch much longer. */
  timeoutMs?: number;
  maxRetries?: number;
}

/** Vectors for texts from one embedding model. */
export interface EmbeddingClient {
  readonly model: string;
  /** One vector per text, in input order; throws when the provider fails or answers oddly. */
  embed(texts: string[], opts?: EmbedOptions): Promise<number[][]>;
}

export interface EmbeddingClientOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** The transport: the server passes safeFetch with an allowance for this one origin. */
  fetch?: typeof fetch;
  /** Inputs per request. */
  batchSize?: number;
}

/**
 * 64 inputs of at most MAX_INPUT_CHARS stay well below providers' per-request token limits,
 * and their float vectors (even 3,072-dimensional ones) below the response size cap.
 */
export const EMBED_BATCH = 64;
/** Chunks are at most ~1,600 characters; this only guards against an odd oversized input. */
const MAX_INPUT_CHARS = 8_000;

/**
 * Embeddings from any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio …), batched.
 * Vectors are requested as plain floats: the SDK's default (base64) breaks on servers that
 * ignore `encoding_format`.
 */
export function createEmbeddingClient(opts: EmbeddingClientOptions): EmbeddingClient {
  const client = openAiClient({ ...opts, maxRetries: 2, timeoutMs: 60_000 });
  const batchSize = opts.batchSize ?? EMBED_BATCH;

  async function embedBatch(texts: string[], o: EmbedOptions): Promise<number[][]> {
    const res = await withChildSignal(o.signal, (signal) =>
      client.embeddings.create(
        {
          model: opts.model,
          // Providers reject empty inputs; a lone space embeds as "nothing".
          input: texts.map((t) => t.slice(0, MAX_INPUT_CHARS) || ' '),
          encoding_format: 'float',
        },
        {
          ...(signal ? { signal } : {}),
          ...(o.timeoutMs !== undefined ? { timeout: o.timeoutMs } : {}),
          ...(o.maxRetries !== undefined ? { maxRetries: o.maxRetries } : {}),
        },
      ),
    );
    const vectors: number[][] = new Array(texts.length);
    for (const item of res.data ?? []) vectors[item.index] = item.embedding;
    const dim = vectors[0]?.length ?? 0;
    for (let i = 0; i < texts.length; i++) {
      const v = vectors[i];
      if (!Array.isArray(v) || v.length === 0 || v.length !== dim || !v.every(Number.isFinite)) {
        throw new Error(`The embedding provider returned no usable vector for input ${i}`);
      }
    }
    return vectors;
  }

  return {
    model: opts.model,
    async embed(texts, o = {}) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        out.push(...(await embedBatch(texts.slice(i, i + batchSize), o)));
      }
      return out;
    },
  };
}

/**
 * The SDK adds an abort listener to the signal of every request and never removes it; a job's
 * signal lives for thousands of batches, so each request gets a child signal of its own.
 */
async function withChildSignal<T>(
  outer: AbortSignal | undefined,
  run: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (!outer) return run(undefined);
  const child = new AbortController();
  const onAbort = () => child.abort(outer.reason);
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort, { once: true });
  try {
    return await run(child.signal);
  } finally {
    outer.removeEventListener('abort', onAbort);
  }
}
