import type { ChatSource, ChatTurn, PublicBotConfig } from '@docent/shared';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const OFFLINE = "Can't reach the chat right now. Please check your connection and try again.";
const FAILED = 'Something went wrong. Please try again.';

export interface StreamHandlers {
  meta(conversationId: string): void;
  token(text: string): void;
  sources(sources: ChatSource[]): void;
}

/** The public chat API of the server this script came from; never sends cookies. */
export function createApi(origin: string, botId: string) {
  const base = `${origin}/api/public/bots/${encodeURIComponent(botId)}`;

  async function request(path: string, init?: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(base + path, { credentials: 'omit', referrerPolicy: 'origin', ...init });
    } catch {
      throw new ApiError(0, OFFLINE);
    }
    if (!res.ok) {
      const body = await res.json().catch(() => null);
      throw new ApiError(
        res.status,
        (body && typeof body.message === 'string' && body.message) || FAILED,
      );
    }
    return res;
  }

  const json = async <T>(path: string): Promise<T> =>
    ((await (await request(path)).json()) as { response: T }).response;

  return {
    config: () => json<PublicBotConfig>('/config'),
    turns: (conversationId: string, visitorId: string) =>
      json<ChatTurn[]>(
        `/conversations/${encodeURIComponent(conversationId)}?visitor_id=${encodeURIComponent(visitorId)}`,
      ),

    /** Streams one answer (server-sent events); resolves with the full answer text. */
    async chat(
      body: { question: string; conversation_id: string | null; visitor_id: string },
      on: StreamHandlers,
      signal: AbortSignal,
    ): Promise<string> {
      const res = await request('/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
      const reader = res.body?.getReader();
      if (!reader) throw new ApiError(0, FAILED);
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch {
          throw new ApiError(0, OFFLINE);
        }
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          const raw = /^data: ?(.*)$/m.exec(block)?.[1];
          if (!event || raw === undefined) continue;
          const data = JSON.parse(raw);
          if (event === 'meta') on.meta(data.conversation_id);
          else if (event === 'token') on.token(data.text);
          else if (event === 'sources') on.sources(data.sources ?? []);
          else if (event === 'done') return String(data.answer ?? '');
          else if (event === 'error') throw new ApiError(500, data.message || FAILED);
        }
      }
      throw new ApiError(0, OFFLINE);
    },
  };
}

export type Api = ReturnType<typeof createApi>;
