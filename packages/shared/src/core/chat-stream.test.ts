import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from './chat.ts';
import {
  ChatStreamError,
  type ChatStreamEvent,
  encodeChatEvent,
  readChatStream,
} from './chat-stream.ts';
import { readEventStream } from './event-stream.ts';

/** A response body that delivers the text in the given pieces, as a network would. */
function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

/** Splits text into pieces of `size` bytes, cutting through lines and multi-byte characters. */
function pieces(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
}

const source = { title: 'Pricing', url: 'https://x.example/p', chunk_id: 'c1' };
const answer: ChatStreamEvent[] = [
  { event: 'meta', data: { conversation_id: 'conv-1' } },
  { event: 'token', data: { text: 'Héllo ' } },
  { event: 'token', data: { text: 'wörld\nline 2 🙂' } },
  { event: 'sources', data: { sources: [source] } },
  {
    event: 'done',
    data: { answer: 'Héllo wörld\nline 2 🙂', conversation_id: 'conv-1', turn_id: 'turn-1' },
  },
];

async function collect(stream: ReadableStream<Uint8Array>) {
  const seen: string[] = [];
  const result = await readChatStream(stream, {
    onConversation: (id) => seen.push(`meta:${id}`),
    onToken: (t) => seen.push(`token:${t}`),
    onSources: (s) => seen.push(`sources:${s.map((x) => x.title).join()}`),
  });
  return { seen, result };
}

describe('chat stream protocol', () => {
  it('decodes what the encoder wrote, whatever the chunk boundaries', async () => {
    const wire = answer.map(encodeChatEvent).join(': ping\n\n');
    for (const size of [1, 3, 7, 64, wire.length]) {
      const { seen, result } = await collect(pieces(wire, size));
      expect(seen).toEqual([
        'meta:conv-1',
        'token:Héllo ',
        'token:wörld\nline 2 🙂',
        'sources:Pricing',
      ]);
      expect(result).toEqual({
        answer: 'Héllo wörld\nline 2 🙂',
        conversationId: 'conv-1',
        turnId: 'turn-1',
      });
    }
  });

  it('writes one event as its name and one JSON data line', () => {
    expect(encodeChatEvent({ event: 'token', data: { text: 'a\nb' } })).toBe(
      'event: token\ndata: {"text":"a\\nb"}\n\n',
    );
  });

  it('rejects with the server message on an error event', async () => {
    const wire = encodeChatEvent({ event: 'error', data: { message: 'Model is down' } });
    const err = await collect(body(wire)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChatStreamError);
    expect(err).toMatchObject({ message: 'Model is down', reason: 'server' });
  });

  it('rejects as dropped when the stream ends before done', async () => {
    const wire = answer.slice(0, 2).map(encodeChatEvent).join('');
    const err = await collect(body(wire)).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: CHAT_MESSAGES.chatFailed, reason: 'dropped' });
  });

  it('skips unknown events and malformed data', async () => {
    const wire = [
      'event: token\ndata: not json\n\n',
      'event: surprise\ndata: {}\n\n',
      encodeChatEvent({
        event: 'done',
        data: { answer: 'ok', conversation_id: 'c', turn_id: 't' },
      }),
    ].join('');
    expect((await collect(body(wire))).result).toEqual({
      answer: 'ok',
      conversationId: 'c',
      turnId: 't',
    });
  });
});

describe('readEventStream', () => {
  it('reads CRLF and CR line ends, multi-line data, comments and other fields', async () => {
    const events = [];
    const stream = body('event: a\r', '\ndata: 1\r\ndata: 2\r\rid: 7\n: note\nda', 'ta: x\n\n');
    for await (const ev of readEventStream(stream)) events.push(ev);
    expect(events).toEqual([
      { event: 'a', data: '1\n2' },
      { event: 'message', data: 'x' },
    ]);
  });
});
