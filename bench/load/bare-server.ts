import Fastify from 'fastify';

/**
 * The ceiling for bench/load: a bare Fastify route on the widget's chat path that answers with
 * the same server-sent events (meta, a few tokens, sources, done) and no work behind them.
 * Prints its port on stdout.
 */
const app = Fastify({ logger: false });
const ANSWER = 'Use git commit --amend to change the last commit message. '.repeat(4);

app.post('/api/public/bots/:botId/chat', async (_request, reply) => {
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  const send = (event: string, data: unknown) =>
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('meta', { conversation_id: '00000000-0000-4000-8000-000000000000' });
  for (const text of ANSWER.match(/.{1,40}/g) ?? []) send('token', { text });
  send('sources', { sources: [{ title: 'git-commit', url: 'https://example.test/git-commit' }] });
  send('done', { answer: ANSWER });
  reply.raw.end();
  return reply;
});

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${new URL(address).port}\n`);
