import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parseEventStream } from '@docent/shared';
import { createRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { buildApp } from '../../apps/server/src/http/app.ts';
import { ingestSource } from '../../apps/server/src/ingest/pipeline.ts';
import { insertBotWithTextSource } from '../../apps/server/test/helpers/bots.ts';
import { createSignedInUser } from '../../apps/server/test/helpers/users.ts';

/**
 * Time to first streamed byte of an extractive answer over HTTP, on a bot trained from the
 * COVID-QA articles, served by the real app from an on-disk embedded database, as
 * `npm start` runs it. Also prints time to the first answer token and to the end of the
 * answer, and how often the extractive answer contains the dataset's answer span.
 *
 *   node --import tsx bench/chat-latency/first-byte.ts [questions=300]
 */
const QUESTIONS = Number(process.argv[2] ?? 300);
const WARMUP = 10;
const TARGET_FIRST_BYTE_MS = 150;

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.resolve(REPO_ROOT, '../shared/fixtures/covid-qa/200423_covidQA.json');

const print = (line: string) => process.stdout.write(`${line}\n`);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}

function summary(name: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `${name}: p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, max ${(s.at(-1) ?? 0).toFixed(1)} ms, mean ${mean.toFixed(1)} ms`;
}

interface Squad {
  data: {
    paragraphs: { context: string; qas: { question: string; answers: { text: string }[] }[] }[];
  }[];
}

interface ClientResult {
  firstByte: number;
  firstToken: number;
  complete: number;
  body: string;
}

/** Plain JavaScript for the client thread: one request at a time, timed from send. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const out = [];
  for (const body of workerData.bodies) {
    const t0 = performance.now();
    const res = await fetch(workerData.url, { method: 'POST', headers: workerData.headers, body });
    if (!res.ok) throw new Error('chat answered HTTP ' + res.status + ': ' + (await res.text()));
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let firstByte = 0;
    let firstToken = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - t0;
      text += decoder.decode(value, { stream: true });
      if (!firstToken && text.includes('event: token')) firstToken = performance.now() - t0;
    }
    out.push({ firstByte, firstToken, complete: performance.now() - t0, body: text });
  }
  parentPort.postMessage(out);
})().catch((err) => { throw err; });
`;

function runClient(data: {
  url: string;
  headers: Record<string, string>;
  bodies: string[];
}): Promise<ClientResult[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: data });
    worker.once('message', (m: ClientResult[]) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

if (!existsSync(FIXTURE)) {
  print(`NOTICE: ${FIXTURE} not found; this benchmark is skipped.`);
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docent-chat-bench-'));
const env = loadEnv({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  LOG_LEVEL: 'silent',
  // One account asks hundreds of questions in a row here; a person's budget would refuse them.
  CHAT_MESSAGES_PER_MINUTE: '1000000',
});
const runtime = await createRuntime(env);
const app = await buildApp(runtime.ctx);
try {
  const { db } = runtime.ctx;
  if (runtime.ctx.chat && env.LLM_BASE_URL)
    print('NOTE: LLM_BASE_URL is set; this measures the LLM engine.');
  const user = await createSignedInUser(runtime.ctx);
  const { botId, sourceId } = await insertBotWithTextSource(db, {
    user_id: user.userId,
    name: 'COVID helper',
    agent_name: 'Ava',
    business_name: 'Health desk',
  });

  const squad = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Squad;
  const questions: { question: string; answer: string }[] = [];
  for (const article of squad.data) {
    for (const para of article.paragraphs) {
      for (const qa of para.qas) {
        const answer = qa.answers[0]?.text;
        if (answer) questions.push({ question: qa.question, answer: squash(answer) });
      }
    }
  }
  const started = performance.now();
  // Trained through the product's own ingestion pipeline, as a text upload would be.
  await ingestSource(
    { db, log: runtime.ctx.log, notify: async () => {} },
    {
      sourceId,
      documents: async function* () {
        for (const article of squad.data) {
          for (const para of article.paragraphs) {
            const title = para.context.split('\n', 1)[0]?.trim() ?? '';
            yield { title, text: para.context, kind: 'text' as const };
          }
        }
      },
    },
  );
  const { status } = await db
    .selectFrom('bots')
    .select('status')
    .where('id', '=', botId)
    .executeTakeFirstOrThrow();
  const chunks = await db
    .selectFrom('chunks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('bot_id', '=', botId)
    .executeTakeFirstOrThrow();
  print(
    `bot ${status}: ${squad.data.length} COVID-QA articles, ${chunks.n} chunks, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // Spread the sample over the whole question set (deterministic).
  const step = Math.max(1, Math.floor(questions.length / (QUESTIONS + WARMUP)));
  const sample = questions.filter((_, i) => i % step === 0).slice(0, QUESTIONS + WARMUP);
  // The client runs on its own thread: the embedded database and the scoring run on the
  // server's, and a client sharing that event loop would read the first byte only once the
  // server's work for the whole answer was done.
  const results = await runClient({
    url: `${address}/api/ai/chat/stream`,
    headers: { ...user.headers, 'content-type': 'application/json' },
    bodies: sample.map((q) =>
      JSON.stringify({
        bot_id: botId,
        question: q.question,
        chat_memory: [],
        conversation_id: null,
      }),
    ),
  });
  const firstByte: number[] = [];
  const firstToken: number[] = [];
  const complete: number[] = [];
  let containsSpan = 0;
  let dontKnow = 0;
  for (const [i, r] of results.entries()) {
    const q = sample[i] as (typeof sample)[number];
    const doneLine = parseEventStream(r.body).find((e) => e.event === 'done')?.data;
    if (!doneLine) throw new Error(`no answer for "${q.question}": ${r.body.slice(0, 300)}`);
    if (i < WARMUP) continue;
    const answer = (JSON.parse(doneLine) as { answer: string }).answer;
    firstByte.push(r.firstByte);
    firstToken.push(r.firstToken);
    complete.push(r.complete);
    if (squash(answer).includes(q.answer)) containsSpan++;
    if (answer.startsWith("Sorry, I don't know")) dontKnow++;
  }
  const n = firstByte.length;
  print(
    `${n} questions over HTTP (POST /api/ai/chat/stream, extractive engine, ${WARMUP} warm-up excluded)`,
  );
  print(summary('time to first byte', firstByte));
  print(summary('time to first token', firstToken));
  print(summary('time to complete answer (stored)', complete));
  const p95 = percentile(
    [...firstByte].sort((a, b) => a - b),
    95,
  );
  print(
    `first byte target ≤ ${TARGET_FIRST_BYTE_MS} ms (p95): ${p95 <= TARGET_FIRST_BYTE_MS ? 'met' : 'NOT met'}`,
  );
  print(
    `answer contains the dataset's answer span: ${((100 * containsSpan) / n).toFixed(1)}%; "don't know" replies: ${((100 * dontKnow) / n).toFixed(1)}%`,
  );
} finally {
  await app.close();
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
}
