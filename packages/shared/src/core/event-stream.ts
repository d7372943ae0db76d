/** One server-sent event: its name (`message` when unnamed) and its data lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

const LINE_END = /\r\n|\r|\n/;

/**
 * The one text/event-stream parser: feed it text in pieces of any size; it returns the events
 * each piece completes. Fields `event` and `data` are read, comments and other fields ignored,
 * as the browser's EventSource does.
 */
export function createEventStreamParser(): (text: string) => ServerSentEvent[] {
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  return (text) => {
    buffer += text;
    const out: ServerSentEvent[] = [];
    let m = LINE_END.exec(buffer);
    // A lone \r at the end may be the first half of \r\n: wait for the next piece.
    while (m && !(m[0] === '\r' && m.index === buffer.length - 1)) {
      const line = buffer.slice(0, m.index);
      buffer = buffer.slice(m.index + m[0].length);
      if (line === '') {
        if (data.length > 0) out.push({ event, data: data.join('\n') });
        event = 'message';
        data = [];
      } else if (line[0] !== ':') {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const val = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
        if (field === 'event') event = val;
        else if (field === 'data') data.push(val);
      }
      m = LINE_END.exec(buffer);
    }
    return out;
  };
}

/** The complete events of a whole text/event-stream body. */
export const parseEventStream = (text: string): ServerSentEvent[] =>
  createEventStreamParser()(text);

/** Reads a text/event-stream response body (a POST's, which EventSource cannot) event by event. */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parse = createEventStreamParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      yield* parse(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}

/** One event in the wire format: `event:` and one `data:` line (JSON has no raw newlines). */
export function encodeEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
