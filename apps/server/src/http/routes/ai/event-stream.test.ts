import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventStream } from './event-stream.ts';

/** The body as the client's HTTP parser delivered it: each body chunk, with when it came. */
function readChunks(url: string): Promise<{ text: string; at: number }[]> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, (res) => {
        const chunks: { text: string; at: number }[] = [];
        res.setEncoding('utf8');
        res.on('data', (text: string) => chunks.push({ text, at: performance.now() - t0 }));
        res.on('end', () => resolve(chunks));
      })
      .on('error', reject);
  });
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(route: (stream: ReturnType<typeof openEventStream>) => Promise<void>) {
  app = Fastify();
  app.get('/stream', async (_req, reply) => {
    await route(openEventStream(reply));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/stream`;
}

const token = (text: string) => ({ event: 'token', data: { text } }) as const;

describe('openEventStream', () => {
  it('sends the events of a finished answer as one write, not one chunk each', async () => {
    const url = await serve(async (stream) => {
      // A finished answer: 40 tokens, its sources and done, produced in one go (as the
      // extractive engine's generator does, one await per event).
      for (let i = 0; i < 40; i++) {
        await Promise.resolve();
        stream.send(token(`word${i} `));
      }
      stream.send({ event: 'sources', data: { sources: [] } });
      stream.end();
    });
    const chunks = await readChunks(url);
    const body = chunks.map((c) => c.text).join('');
    expect(body.match(/^event: token$/gm)).toHaveLength(40);
    expect(body).toContain('event: sources');
    // Was 41 chunks: one per event.
    expect(chunks.length).toBeLessThanOrEqual(3);
  });

  it('still sends each token at once when tokens arrive over time', async () => {
    const url = await serve(async (stream) => {
      for (let i = 0; i < 3; i++) {
        stream.send(token(`t${i} `));
        await new Promise((r) => setTimeout(r, 150));
      }
      stream.end();
    });
    const chunks = await readChunks(url);
    const firstToken = chunks.find((c) => c.text.includes('t0 '));
    const lastToken = chunks.find((c) => c.text.includes('t2 '));
    expect(firstToken).toBeDefined();
    expect(lastToken).toBeDefined();
    // The first token reached the client well before the last was produced (~300 ms later).
    expect((lastToken?.at ?? 0) - (firstToken?.at ?? 0)).toBeGreaterThan(200);
  });
});
