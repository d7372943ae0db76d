import { REALTIME_PATH } from '@docent/shared';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { docPage, startTestSite, type TestSite } from '../../src/ingest/crawl/test-site.fixture.ts';
import { makeTextPdf } from '../fixtures/media/generate.ts';
import { type Account, api, type Proc, type Reply, replyOf, waitFor } from './cluster.ts';

/** What a trained bot holds, counted in the database: equal counts mean equal content. */
export interface BotCounts {
  documents: number;
  chunks: number;
  search_documents: number;
  chars: number;
}

export async function countBot(databaseUrl: string, botId: string): Promise<BotCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (sql: string) =>
      Number((await client.query(sql, [botId])).rows[0]?.n ?? Number.NaN);
    return {
      documents: await one('SELECT count(*) AS n FROM documents WHERE bot_id = $1'),
      chunks: await one('SELECT count(*) AS n FROM chunks WHERE bot_id = $1'),
      search_documents: await one('SELECT count(*) AS n FROM search_documents WHERE bot_id = $1'),
      chars: await one('SELECT coalesce(sum(char_count), 0) AS n FROM documents WHERE bot_id = $1'),
    };
  } finally {
    await client.end();
  }
}

/** Polls upload/status until the bot's training completes; returns its progress. */
export async function waitTrained(proc: () => Proc, account: Account, botId: string) {
  return waitFor(`bot ${botId} trained`, async () => {
    const s = await api(proc(), account, `upload/status/${botId}`);
    return s.body.response?.processing_complete ? s.body.response : undefined;
  });
}

/** Polls the crawl until it ends; returns its final state (pages, counts). */
export async function waitCrawled(proc: () => Proc, account: Account, crawlId: string) {
  return waitFor(`crawl ${crawlId} finished`, async () => {
    const s = await api(proc(), account, `upload/website/${crawlId}`);
    return s.body.response?.process_complete === 1 ? s.body.response : undefined;
  });
}

/**
 * A documentation site of `count` pages linked in a chain and a tree, each answering after
 * `delayMs`, so a crawl with low concurrency lasts long enough to be interrupted.
 */
export async function startSlowSite(count: number, delayMs: number): Promise<TestSite> {
  const words = (i: number) =>
    `<p>Section ${i} explains configuration option number ${i} in detail. ${'The option changes how the server behaves under load. '.repeat(8)}</p>`;
  const routes: Record<string, (req: unknown, res: import('node:http').ServerResponse) => void> =
    {};
  for (let i = 0; i < count; i++) {
    const links = [`/page-${i + 1}.html`, `/page-${2 * i + 1}.html`].filter(
      (l) => Number(l.match(/\d+/)?.[0]) < count,
    );
    const html = docPage(`Page ${i}`, words(i), links);
    routes[i === 0 ? '/' : `/page-${i}.html`] = (_req, res) => {
      setTimeout(() => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(html);
      }, delayMs);
    };
  }
  return startTestSite(routes);
}

/** A born-digital PDF of `pages` pages of distinct sentences (several MB of text to train). */
export function largePdf(pages: number): Buffer {
  return makeTextPdf(
    Array.from({ length: pages }, (_, p) =>
      Array.from({ length: 40 }, (_, l) => ({
        x: 40,
        y: 760 - l * 18,
        text: `Page ${p} line ${l}: the warranty covers part ${(p * 40 + l) % 997} for ${l + 1} years.`,
      })),
    ),
  );
}

/** Stage 2 of upload/documents: extracts the PDF (in the API process) and queues its training. */
export async function trainPdf(proc: Proc, account: Account, pdf: Buffer): Promise<Reply> {
  const form = new FormData();
  form.append('json_data', JSON.stringify({ stage: 2, char_count: 0, bot_count: 1, bot_id: '' }));
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'manual.pdf');
  const { 'content-type': _json, ...headers } = account.headers;
  const res = await fetch(`${proc.url}/api/upload/documents`, {
    method: 'POST',
    headers,
    body: form,
    signal: AbortSignal.timeout(120_000),
  });
  return replyOf(res);
}

/** A dashboard socket on `proc`, signed in as `account`, connected. */
export async function openSocket(proc: Proc, account: Account): Promise<Socket> {
  const socket = connect(proc.url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie: account.cookie },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
