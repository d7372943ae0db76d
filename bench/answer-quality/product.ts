import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ChatResponse } from '@docent/shared';
import { createRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { buildApp } from '../../apps/server/src/http/app.ts';
import { startWorkerRole } from '../../apps/server/src/jobs/definitions/index.ts';
import { botsWithStaleTerms } from '../../apps/server/src/search/reindex.repo.ts';
import { createSignedInUser, openSession } from '../../apps/server/test/helpers/users.ts';

/**
 * The real server (runtime + HTTP app) listening on loopback, and a client that uses it the way
 * the dashboard does: crawl a sitemap, train the pages it lists, chat. Only the session is made
 * without the sign-up screens (test helper), everything else goes through the HTTP API.
 */
export interface Product {
  url: string;
  /** Crawls the sitemap and trains every page it lists into a new bot; returns the bot id. */
  trainSitemap(sitemapUrl: string): Promise<{ botId: string; pages: number; seconds: number }>;
  /** Uploads a PDF (stage 2 of upload/documents) into a new bot and waits for its training. */
  trainPdf(file: string): Promise<{ botId: string; seconds: number }>;
  /** Imports a Q&A CSV (its question and answer columns) into a new bot and waits for training. */
  trainCsv(
    file: string,
    questions: string,
    answers: string,
  ): Promise<{ botId: string; seconds: number }>;
  ask(botId: string, question: string, conversationId?: string): Promise<ChatResponse>;
  close(): Promise<void>;
}

export interface ProductOptions {
  dataDir: string;
  /** Base URL (…/v1) of an OpenAI-compatible model: the LLM engine; absent: extractive. */
  llmBaseUrl?: string;
  /** Signs in as this user (a second run over the same data directory); absent: a new user. */
  userId?: string;
}

const POLL_MS = 500;
/** One overwritten status line on stderr while the crawl and the training run. */
const progress = (text: string) => process.stderr.write(`\r${text.slice(0, 150).padEnd(150)}`);
const TRAIN_TIMEOUT_MS = 60 * 60_000;

type Call = <T>(method: 'GET' | 'POST', route: string, body?: unknown) => Promise<T>;

/**
 * The API as the web app calls it: JSON in (or a form, sent as the browser sends it), the
 * envelope's `response` out, errors thrown.
 */
function apiClient(url: string, headers: Record<string, string>): Call {
  return async <T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> => {
    const form = body instanceof FormData;
    const res = await fetch(`${url}/api/${route}`, {
      method,
      // fetch writes a form's own multipart content type, boundary included.
      headers: form
        ? Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type'))
        : headers,
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
    const json = (await res.json()) as { hasError?: boolean; message?: string; response: T };
    if (!res.ok || json.hasError) {
      throw new Error(`${method} ${route}: ${res.status} ${json.message ?? ''}`);
    }
    return json.response;
  };
}

async function until<T>(what: string, poll: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + TRAIN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const value = await poll();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`${what} did not finish in time`);
}

/** Polls the bot's training status until it is done (throws on a training error). */
function trained(call: Call, botId: string) {
  return until('training', async () => {
    type Status = { processing_complete: boolean; progress: { error: string | null } };
    const s = await call<Status>('GET', `upload/status/${botId}`);
    progress(`training: ${JSON.stringify(s.progress)}`);
    if (s.progress.error) throw new Error(`training failed: ${s.progress.error}`);
    return s.processing_complete ? true : undefined;
  });
}

/** A file uploaded as the dashboard's file screens send it, into a new bot, then trained. */
async function trainFile(call: Call, route: string, file: string, type: string, json: object) {
  const started = performance.now();
  const form = new FormData();
  form.append('json_data', JSON.stringify({ ...json, bot_count: 1 }));
  form.append('file', new Blob([readFileSync(file)], { type }), path.basename(file));
  const { botId } = await call<{ botId: string }>('POST', route, form);
  await trained(call, botId);
  return { botId, seconds: (performance.now() - started) / 1000 };
}

/** Stage 3 (list the sitemap's pages), then stage 2 (train them all), then wait for training. */
async function trainSitemap(call: Call, sitemapUrl: string) {
  const started = performance.now();
  const { crawl_id } = await call<{ crawl_id: string }>('POST', 'upload/website', {
    stage: 3,
    website_sitemap: sitemapUrl,
    fetch_img_content: false,
  });
  type Crawl = { process_complete: number; pages: { url: string; token_count: number }[] };
  const crawl = await until('the crawl', async () => {
    const c = await call<Crawl>('GET', `upload/website/${crawl_id}`);
    progress(`crawl: ${c.pages.length} pages`);
    return c.process_complete === 1 ? c : undefined;
  });
  const pages = crawl.pages.filter((p) => p.token_count > 0).map((p) => p.url);
  const { botId } = await call<{ botId: string }>('POST', 'upload/website', {
    stage: 2,
    selected_urls: pages,
    crawl_id,
    char_count: 1,
    bot_count: 1,
    bot_id: '',
  });
  await trained(call, botId);
  return { botId, pages: pages.length, seconds: (performance.now() - started) / 1000 };
}

export async function startProduct(opts: ProductOptions): Promise<Product & { userId: string }> {
  const env = loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: opts.dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST_DIR: path.join(opts.dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    // The documentation sites are served on loopback.
    ALLOW_PRIVATE_NETWORK: 'true',
    DEFAULT_PLAN: 'platinum',
    // One account asks every question of a set in a row; a person's budget would refuse them.
    CHAT_MESSAGES_PER_MINUTE: '1000000',
    ...(opts.llmBaseUrl ? { LLM_BASE_URL: opts.llmBaseUrl, LLM_MODEL: 'echo' } : {}),
  });
  const runtime = await createRuntime(env);
  const app = await buildApp(runtime.ctx);
  // All roles in one process, as `npm start` runs them: the crawl and training jobs need a worker.
  await startWorkerRole(runtime.ctx);
  // A kept bot an older analyzer indexed is indexed again by the worker (reindex-bot.job.ts);
  // it is asked once that is done, not halfway through.
  await until('indexing again', async () =>
    (await botsWithStaleTerms(runtime.ctx.db)).length === 0 ? true : undefined,
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const userId =
    opts.userId ?? (await createSignedInUser(runtime.ctx, { plan: 'platinum' })).userId;
  const call = apiClient(url, {
    ...(await openSession(runtime.ctx, userId)),
    'content-type': 'application/json',
  });
  return {
    url,
    userId,
    trainSitemap: (sitemapUrl) => trainSitemap(call, sitemapUrl),
    trainPdf: (file) => trainFile(call, 'upload/documents', file, 'application/pdf', { stage: 2 }),
    trainCsv: (file, questions, answers) =>
      trainFile(call, 'upload/question_answers', file, 'text/csv', {
        stage: 1,
        questions,
        answers,
      }),
    ask: (botId, question, conversationId) =>
      call<ChatResponse>('POST', 'ai/chat', {
        bot_id: botId,
        question,
        ...(conversationId ? { conversation_id: conversationId } : {}),
      }),
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}
