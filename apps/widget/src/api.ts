import {
  ChatStreamError,
  type ChatStreamHandlers,
  type ChatStreamResult,
  type ChatTurn,
  type OkReply,
  type PublicBotConfig,
  type PublicChatBody,
  type PublicFeedbackBody,
  readChatStream,
} from '@docent/shared/core';

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

/**
 * The public chat API of the server this script came from; never sends cookies. `page` marks
 * the hosted full-page chat, so analytics tell it from the widget.
 */
export function createApi(origin: string, botId: string, page: boolean) {
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
    ((await (await request(path)).json()) as OkReply<T>).response;
  const post = (path: string, body: object, signal?: AbortSignal) =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });

  return {
    config: () => json<PublicBotConfig>('/config'),
    turns: (conversationId: string, visitorId: string) =>
      json<ChatTurn[]>(
        `/conversations/${encodeURIComponent(conversationId)}?visitor_id=${encodeURIComponent(visitorId)}`,
      ),

    /** The visitor's thumbs up/down on an answer of its conversation; null takes it back. */
    rate: (body: PublicFeedbackBody) => post('/feedback', body),
    /** Streams one answer (server-sent events); resolves with its full text and stored id. */
    async chat(
      body: PublicChatBody,
      on: ChatStreamHandlers,
      signal: AbortSignal,
    ): Promise<ChatStreamResult> {
      const res = await post('/chat', page ? { ...body, mode: 'page' } : body, signal);
      if (!res.body) throw new ApiError(0, FAILED);
      try {
        return await readChatStream(res.body, on);
      } catch (err) {
        // An `error` event carries the server's message; anything else is the connection.
        if (err instanceof ChatStreamError && err.reason === 'server') {
          throw new ApiError(500, err.message);
        }
        throw new ApiError(0, OFFLINE);
      }
    },
  };
}

export type Api = ReturnType<typeof createApi>;
