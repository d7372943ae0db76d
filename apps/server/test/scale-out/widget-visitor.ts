import { randomBytes } from 'node:crypto';
import { parseEventStream } from '@docent/shared';

/**
 * A widget visitor on the public chat API, as the widget talks to it: one visitor id, one
 * conversation carried from turn to turn, answers read as server-sent events to the end.
 */
export interface TurnResult {
  /** HTTP status; 0 when the request failed before any answer (connection refused, timeout). */
  status: number;
  /** The stream ended with `done` (an answer the server stored). */
  answered: boolean;
  /** What went wrong, in words a caller can show (the envelope's or the stream's message). */
  error?: string;
  conversationId?: string;
  ms: number;
}

export const newVisitorId = () => `v${randomBytes(12).toString('hex')}`;

export async function chatTurn(
  baseUrl: string,
  botId: string,
  visitor: { id: string; conversationId?: string | undefined },
  question: string,
  timeoutMs = 60_000,
): Promise<TurnResult> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${baseUrl}/api/public/bots/${botId}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        question,
        visitor_id: visitor.id,
        ...(visitor.conversationId ? { conversation_id: visitor.conversationId } : {}),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) {
      const message = (JSON.parse(text) as { message?: string }).message ?? text.slice(0, 200);
      return { status: res.status, answered: false, error: message, ms };
    }
    const events = parseEventStream(text);
    const meta = events.find((e) => e.event === 'meta');
    const conversationId = meta
      ? (JSON.parse(meta.data) as { conversation_id: string }).conversation_id
      : undefined;
    const failure = events.find((e) => e.event === 'error');
    const answered = events.some((e) => e.event === 'done');
    return {
      status: res.status,
      answered,
      ...(conversationId ? { conversationId } : {}),
      ...(failure ? { error: (JSON.parse(failure.data) as { message: string }).message } : {}),
      ...(!answered && !failure ? { error: 'the stream ended without an answer' } : {}),
      ms,
    };
  } catch (err) {
    return {
      status: 0,
      answered: false,
      error: err instanceof Error ? err.message : String(err),
      ms: performance.now() - t0,
    };
  }
}

/**
 * The turns the server stored for one visitor's conversation. Reads are rate-limited per IP
 * (120 a minute), and a load run reads back more conversations than that: on 429 it waits as
 * long as Retry-After says and asks again, as a well-behaved client does.
 */
export async function storedTurns(
  baseUrl: string,
  botId: string,
  visitorId: string,
  conversationId: string,
): Promise<{ question: string }[]> {
  const url = `${baseUrl}/api/public/bots/${botId}/conversations/${conversationId}?visitor_id=${visitorId}`;
  for (;;) {
    const res = await fetch(url);
    if (res.status === 429) {
      await res.arrayBuffer();
      const seconds = Number(res.headers.get('retry-after'));
      await new Promise((r) => setTimeout(r, (Number.isFinite(seconds) ? seconds : 1) * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`conversation ${conversationId}: HTTP ${res.status}`);
    return ((await res.json()) as { response: { question: string }[] }).response;
  }
}
