import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server speaking the real wire format, for tests and benchmarks:
 * POST /v1/chat/completions (JSON, or SSE `data: {chunk}` lines ending in `data: [DONE]` when
 * `stream: true`), POST /v1/embeddings (float arrays or base64 float32), GET /v1/models.
 * Every request is recorded so tests can assert what the server sent.
 */

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  max_tokens?: number;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type ChatResponder = (body: ChatRequestBody) => string | Promise<string>;

/** Turns one input into its vector (may wait, to play a slow provider); default fakeEmbedding. */
export type EmbeddingFunction = (text: string, dim: number) => number[] | Promise<number[]>;

export interface FakeOpenAIOptions {
  /** What the model "says"; default: a fixed sentence citing passage 1. */
  reply?: string | ChatResponder;
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Default embedding size (a request's `dimensions` wins). */
  embeddingDim?: number;
  /** How inputs become vectors; default fakeEmbedding (bag of words). */
  embed?: EmbeddingFunction;
  /** Pause between streamed chunks. */
  chunkDelayMs?: number;
}

/** Awaited before streamed content chunk `index` is sent: lets a test hold the model mid-answer. */
export type ChunkGate = (index: number) => Promise<void> | void;

export interface FakeOpenAI {
  /** Base URL including /v1, as LLM_BASE_URL / EMBEDDING_BASE_URL expect. */
  url: string;
  requests: RecordedRequest[];
  /** Bodies of the chat completion calls received, in order. */
  chatCalls(): ChatRequestBody[];
  embeddingCalls(): { model: string; input: string | string[]; [key: string]: unknown }[];
  setReply(reply: string | ChatResponder): void;
  /** Replaces the embedding function (null: back to the default). */
  setEmbed(embed: EmbeddingFunction | null): void;
  setGate(gate: ChunkGate | null): void;
  /** Streamed completions whose client is still connected. */
  openStreams(): number;
  /** The next `times` requests fail with this status and an OpenAI-style error body. */
  failNext(status: number, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_DEFAULT_REPLY = 'Here is what the knowledge base says [1].';

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function sendError(res: ServerResponse, status: number, message: string, code: string): void {
  sendJson(res, status, { error: { message, type: 'invalid_request_error', param: null, code } });
}

/** Streamed pieces: each word with the whitespace before it, as real models roughly do. */
function pieces(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

const countTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** Deterministic bag-of-words vector: texts sharing words get similar vectors. */
export function fakeEmbedding(text: string, dim: number): number[] {
  const v = new Array<number>(dim).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const h = createHash('sha256').update(word).digest();
    const bucket = h.readUInt32LE(0) % dim;
    v[bucket] = (v[bucket] ?? 0) + ((h[4] ?? 0) & 1 ? 1 : -1);
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

function toBase64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

export async function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  let reply: string | ChatResponder = opts.reply ?? FAKE_DEFAULT_REPLY;
  let failures: { status: number; times: number } | null = null;
  let gate: ChunkGate | null = null;
  let embed: EmbeddingFunction = opts.embed ?? fakeEmbedding;
  const streams = new Set<ServerResponse>();
  let counter = 0;

  async function chat(res: ServerResponse, body: ChatRequestBody): Promise<void> {
    const text = typeof reply === 'string' ? reply : await reply(body);
    const id = `chatcmpl-fake${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = countTokens(body.messages.map((m) => m.content).join('\n'));
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: countTokens(text),
      total_tokens: promptTokens + countTokens(text),
    };
    if (!body.stream) {
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        system_fingerprint: 'fp_fake',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage,
      });
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    streams.add(res);
    res.on('close', () => streams.delete(res));
    const chunk = (delta: object, finish: string | null, extra: object = {}) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        system_fingerprint: 'fp_fake',
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
        ...extra,
      })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '', refusal: null }, null));
    for (const [index, piece] of pieces(text).entries()) {
      if (opts.chunkDelayMs) await new Promise((r) => setTimeout(r, opts.chunkDelayMs));
      if (gate) await gate(index);
      if (res.destroyed) return;
      res.write(chunk({ content: piece }, null));
    }
    res.write(chunk({}, 'stop'));
    if (body.stream_options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  }

  async function embeddings(
    res: ServerResponse,
    body: { model: string; input: unknown; encoding_format?: string; dimensions?: number },
  ): Promise<void> {
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    if (inputs.length === 0 || inputs.some((i) => typeof i !== 'string' || i === '')) {
      sendError(
        res,
        400,
        "'input' must be a non-empty string or array of strings",
        'invalid_input',
      );
      return;
    }
    const dim = body.dimensions ?? opts.embeddingDim ?? 64;
    const vectors = await Promise.all((inputs as string[]).map((text) => embed(text, dim)));
    if (res.destroyed) return;
    const data = vectors.map((vector, index) => ({
      object: 'embedding',
      index,
      embedding: body.encoding_format === 'base64' ? toBase64(vector) : vector,
    }));
    const tokens = (inputs as string[]).reduce((n, t) => n + countTokens(t), 0);
    sendJson(res, 200, {
      object: 'list',
      data,
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    let body: unknown = {};
    try {
      body = req.method === 'POST' ? await readJson(req) : {};
    } catch {
      sendError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_json');
      return;
    }
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      sendError(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
      return;
    }
    if (failures && failures.times > 0) {
      failures.times -= 1;
      sendError(res, failures.status, 'The fake server was told to fail.', 'fake_failure');
      return;
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      await chat(res, body as ChatRequestBody);
    } else if (req.method === 'POST' && path === '/v1/embeddings') {
      await embeddings(res, body as Parameters<typeof embeddings>[1]);
    } else if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, {
        object: 'list',
        data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'fake' }],
      });
    } else {
      sendError(res, 404, `Unknown path ${path}`, 'unknown_url');
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendError(res, 500, 'fake server error', 'server_error');
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    chatCalls: () =>
      requests
        .filter((r) => r.path === '/v1/chat/completions')
        .map((r) => r.body as ChatRequestBody),
    embeddingCalls: () =>
      requests
        .filter((r) => r.path === '/v1/embeddings')
        .map((r) => r.body as ReturnType<FakeOpenAI['embeddingCalls']>[number]),
    setReply(next) {
      reply = next;
    },
    setGate(next) {
      gate = next;
    },
    setEmbed(next) {
      embed = next ?? opts.embed ?? fakeEmbedding;
    },
    openStreams: () => streams.size,
    failNext(status, times = 1) {
      failures = { status, times };
    },
    reset() {
      requests.length = 0;
      failures = null;
      gate = null;
      reply = opts.reply ?? FAKE_DEFAULT_REPLY;
      embed = opts.embed ?? fakeEmbedding;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
