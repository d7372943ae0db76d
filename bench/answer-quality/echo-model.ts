import {
  type ChatRequestBody,
  type FakeOpenAI,
  startFakeOpenAI,
} from '../../apps/server/test/helpers/fake-openai.ts';

/**
 * A local OpenAI-compatible model (real HTTP + SSE, apps/server/test/helpers/fake-openai.ts)
 * that answers with what it was given: it cites every passage of the prompt ("[1][2]…", so all
 * of them are listed as sources) and then repeats the prompt's <passages> block. What the
 * product sent to the model therefore comes back as the chat answer, and the bench checks it
 * there. A request without passages (anything else the product may ask a model) gets its last
 * user message back.
 */
export function echoReply(body: ChatRequestBody): string {
  const last = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const block = /<passages>[\s\S]*<\/passages>/.exec(last)?.[0];
  if (!block) return last;
  const ids = [...block.matchAll(/<passage id="(\d+)"/g)].map((m) => `[${m[1]}]`);
  return `${ids.join('')}\n\n${block}`;
}

export function startEchoModel(): Promise<FakeOpenAI> {
  return startFakeOpenAI({ reply: echoReply });
}
